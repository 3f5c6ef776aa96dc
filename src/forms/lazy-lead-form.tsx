/**
 * The lead form as its own chunk: react-hook-form, ky and the form code are about 18 KB gzip that
 * a page without a visible form never needs. Builds resolve every `forms/LeadForm` import outside
 * this file to this module (see vite.config.ts), so blocks and layout import LeadForm as usual
 * while the unit tests keep the eager component.
 *
 * The prerenderer calls `preloadLeadForm()` before rendering, so the server HTML holds the whole
 * form. In the browser the form sits in a Suspense boundary: the rest of the page hydrates at once
 * and the form's server HTML stays in place until its chunk arrives, then hydrates with no
 * mismatch.
 */
import { type JSX, lazy, Suspense } from "react";
import type { LeadFormProps } from "./LeadForm";
// The form's styles come with the page, not with its code: the prerendered form must look right
// (the honeypot field hidden) before the chunk arrives, or it shifts the layout when it does.
import "./forms.css";

type LeadFormComponent = (props: LeadFormProps) => JSX.Element;

let loaded: LeadFormComponent | undefined;

/** Loads the form's chunk (once); the component then renders without suspending. */
export async function preloadLeadForm(): Promise<void> {
  loaded ??= (await import("./LeadForm")).LeadForm;
}

/** Whether the form's chunk is loaded, so LeadForm renders at once. */
export const isLeadFormLoaded = (): boolean => loaded !== undefined;

/** Shown in the form's place when its chunk cannot be loaded (offline, a deploy replaced it). */
function NotLoaded() {
  return <div className="lead-form lead-form--missing">Content Not Loaded</div>;
}

const Deferred = lazy(async () => {
  try {
    await preloadLeadForm();
    return { default: loaded as LeadFormComponent };
  } catch (error) {
    console.error("The lead form's code could not be loaded:", error);
    return { default: NotLoaded };
  }
});

/** Stands in for the form while its code loads after a client-side navigation. */
function Loading() {
  return <div className="lead-form lead-form--loading" aria-busy="true" />;
}

/** The config-driven lead form of LeadForm.tsx, loaded on demand. */
export function LeadForm(props: LeadFormProps): JSX.Element {
  const Loaded = loaded;
  return <Suspense fallback={<Loading />}>{Loaded ? <Loaded {...props} /> : <Deferred {...props} />}</Suspense>;
}
