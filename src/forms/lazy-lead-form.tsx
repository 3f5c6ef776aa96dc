/**
 * The lead form as its own chunk: react-hook-form, ky and the form code are about 18 KB gzip that
 * a page without a visible form never needs. Builds resolve every `forms/LeadForm` import outside
 * this file to this module (see vite.config.ts), so blocks and layout import LeadForm as usual
 * while the unit tests keep the eager component.
 *
 * The prerenderer calls `preloadLeadForm()` before rendering, so the server HTML holds the whole
 * form. In the browser the form sits in a Suspense boundary: the rest of the page hydrates at once
 * and the form's server HTML stays in place, fully visible, until its chunk arrives, then hydrates
 * with no mismatch. The chunk is not part of a page's first load: it is fetched when someone moves
 * towards a form (pointer over it, focus in it, a touch), and a submit that comes before it is held
 * until the form is ready, then sent (see `watchLeadForms`). Answers typed in the meantime are kept
 * (LeadForm reads them from the server's inputs when it hydrates).
 */
import { type JSX, lazy, memo, Suspense, use, useState } from "react";
import type { LeadFormProps } from "./LeadForm";
// The form's styles come with the page, not with its code: the prerendered form must look right
// (the honeypot field hidden) before the chunk arrives, or it shifts the layout when it does.
import "./forms.css";

type LeadFormComponent = (props: LeadFormProps) => JSX.Element;

let loaded: LeadFormComponent | undefined;
let markRequested: () => void = () => {};
/** Settles when something has asked for the form's code and the request has finished. */
const requested = new Promise<void>((resolve) => {
  markRequested = resolve;
});

/** Loads the form's chunk (once); the component then renders without suspending. */
export async function preloadLeadForm(): Promise<void> {
  try {
    loaded ??= (await import("./LeadForm")).LeadForm;
  } finally {
    // A failed load lets the waiting forms render their 'Content Not Loaded' (see Waiting).
    markRequested();
  }
}

/** Whether the form's chunk is loaded, so LeadForm renders at once. */
export const isLeadFormLoaded = (): boolean => loaded !== undefined;

const intents = ["pointerover", "focusin", "touchstart"] as const;

// True while the prerendered page hydrates (from watchLeadForms until the page's first effects):
// forms rendered then wait for intent; forms rendered later (a navigation) load their code.
let initialHydration = false;

/** The prerendered page has hydrated (called from the first effect inside the page's boundary). */
export function endInitialHydration() {
  initialHydration = false;
}
const readyTimeoutMs = 15_000;

/** Resolves when the hydrated LeadForm has marked `form` ready (data-ready), or after a timeout. */
function whenReady(form: HTMLFormElement): Promise<boolean> {
  if (form.dataset.ready) return Promise.resolve(true);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!form.dataset.ready) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, readyTimeoutMs);
    observer.observe(form, { attributes: true, attributeFilter: ["data-ready"] });
  });
}

/**
 * On a prerendered page: loads the form's code when a person moves towards a lead form, and holds
 * a submit made before the form is ready (it would otherwise leave the page as a plain POST), then
 * submits again once the form has hydrated, so the request goes through the form's own checks.
 */
export function watchLeadForms(root: HTMLElement) {
  initialHydration = true;
  const onIntent = (event: Event) => {
    if ((event.target as Element | null)?.closest?.(".lead-form")) preloadLeadForm().catch(() => {});
  };
  for (const type of intents) root.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches(".lead-form") || form.dataset.ready) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      preloadLeadForm()
        .then(() => whenReady(form))
        .then((ready) => {
          if (ready && form.isConnected) form.requestSubmit();
        })
        .catch((error: unknown) => console.error("The lead form's code could not be loaded:", error));
    },
    { capture: true },
  );
}

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

/**
 * A prerendered form while its code is not wanted yet: suspends (so React keeps the server's HTML
 * in place, visible and typeable) until something asks for the code, without asking itself.
 */
function Waiting(props: LeadFormProps) {
  use(requested);
  const Loaded = loaded ?? NotLoaded;
  return <Loaded {...props} />;
}

function LazyLeadForm(props: LeadFormProps): JSX.Element {
  // Decided once, when the form first renders: hydrating a prerendered page waits for intent;
  // a form rendered in the browser (a navigation, the booking modal) loads its code at once.
  const [waitForIntent] = useState(() => initialHydration && !loaded);
  const Loaded = loaded;
  let form: JSX.Element;
  if (Loaded) form = <Loaded {...props} />;
  else if (waitForIntent) form = <Waiting {...props} />;
  else form = <Deferred {...props} />;
  return <Suspense fallback={<Loading />}>{form}</Suspense>;
}

/**
 * The config-driven lead form of LeadForm.tsx, loaded on demand. Memoised on its props' values:
 * while the form's server HTML waits for its code, a re-render of the page around it with new
 * but equal props (a context object made afresh) must not reach the Suspense boundary, or React
 * would drop the server HTML for the loading placeholder.
 */
export const LeadForm = memo(LazyLeadForm, (a, b) => JSON.stringify(a) === JSON.stringify(b));
