/**
 * Loading the lead form's code, and guarding prerendered forms until it is there. No React here:
 * the page's entry installs the guard before the app itself has loaded (see src/site/main.tsx), so a
 * submit is held, not lost, from the moment the page is on screen.
 */
import type { JSX } from "react";
import { beginInitialHydration } from "../ui/initial-hydration";
import type { LeadFormProps } from "./LeadForm";

// Forms rendered while the prerendered page hydrates wait for intent; forms rendered later (a
// navigation) load their code.
export { endInitialHydration, isInitialHydration } from "../ui/initial-hydration";

type LeadFormComponent = (props: LeadFormProps) => JSX.Element;

let loaded: LeadFormComponent | undefined;
let markRequested: () => void = () => {};
/** Settles when something has asked for the form's code and the request has finished. */
export const leadFormRequested = new Promise<void>((resolve) => {
  markRequested = resolve;
});

/** The form component, once its chunk has loaded. */
export const loadedLeadForm = (): LeadFormComponent | undefined => loaded;

/** Loads the form's chunk (once); the component then renders without suspending. */
export async function preloadLeadForm(): Promise<void> {
  try {
    loaded ??= (await import("./LeadForm")).LeadForm;
  } finally {
    // A failed load lets the waiting forms render their 'Content Not Loaded' (Waiting, lazy-lead-form.tsx).
    markRequested();
  }
}

/** Whether the form's chunk is loaded, so LeadForm renders at once. */
export const isLeadFormLoaded = (): boolean => loaded !== undefined;

const intents = ["pointerover", "focusin", "touchstart"] as const;

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

let appUnavailable = false;
const held = new Set<HTMLFormElement>();

/**
 * Tells the person, in the form, that their request was not sent (the form's own failure wording,
 * which the prerendered form carries): their answers stay in place for them to try again or call.
 */
function showNotSent(form: HTMLFormElement) {
  held.delete(form);
  if (!form.isConnected) return;
  let notice = form.querySelector<HTMLElement>(".lead-form__not-sent");
  if (!notice) {
    notice = document.createElement("p");
    notice.className = "lead-form__error lead-form__not-sent";
    notice.setAttribute("role", "alert");
    form.append(notice);
  }
  notice.textContent = form.dataset.failure ?? "";
}

/** The app's code could not be loaded: held submits, and later ones, say they were not sent. */
export function markAppUnavailable() {
  appUnavailable = true;
  for (const form of held) showNotSent(form);
}

/**
 * On a prerendered page: loads the form's code when a person moves towards a lead form, and holds
 * a submit made before the form is ready (it would otherwise leave the page as a plain POST), then
 * submits again once the form has hydrated, so the request goes through the form's own checks. If
 * the page's code cannot be loaded, the form says the request was not sent.
 */
export function watchLeadForms(root: HTMLElement) {
  beginInitialHydration();
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
      if (appUnavailable) return showNotSent(form);
      held.add(form);
      preloadLeadForm()
        .then(() => whenReady(form))
        .then((ready) => {
          held.delete(form);
          if (!ready) return showNotSent(form);
          if (form.isConnected) form.requestSubmit();
        })
        .catch((error: unknown) => {
          console.error("The lead form's code could not be loaded:", error);
          showNotSent(form);
        });
    },
    { capture: true },
  );
}
