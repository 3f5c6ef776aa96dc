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
 * until the form is ready, then sent (see lead-form-loader.ts). Answers typed in the meantime are
 * kept (LeadForm reads them from the server's inputs when it hydrates).
 */
import { type JSX, lazy, memo, Suspense, use, useState } from "react";
import { useUi } from "../i18n/context";
import type { LeadFormProps } from "./LeadForm";
import { isInitialHydration, leadFormRequested, loadedLeadForm, preloadLeadForm } from "./lead-form-loader";

export {
  endInitialHydration,
  isLeadFormLoaded,
  preloadLeadForm,
  watchLeadForms,
} from "./lead-form-loader";

// The form's styles come with the page, not with its code: the prerendered form must look right
// (the honeypot field hidden) before the chunk arrives, or it shifts the layout when it does.
import "./forms.css";

/** Shown in the form's place when its chunk cannot be loaded (offline, a deploy replaced it). */
function NotLoaded() {
  const ui = useUi();
  return <div className="lead-form lead-form--missing">{ui.contentNotLoaded.title}</div>;
}

const Deferred = lazy(async () => {
  try {
    await preloadLeadForm();
    return { default: loadedLeadForm() ?? NotLoaded };
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
  use(leadFormRequested);
  const Loaded = loadedLeadForm() ?? NotLoaded;
  return <Loaded {...props} />;
}

function LazyLeadForm(props: LeadFormProps): JSX.Element {
  // Decided once, when the form first renders: hydrating a prerendered page waits for intent;
  // a form rendered in the browser (a navigation, the booking modal) loads its code at once.
  const [waitForIntent] = useState(() => isInitialHydration() && !loadedLeadForm());
  const Loaded = loadedLeadForm();
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
