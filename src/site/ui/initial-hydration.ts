/**
 * Whether the prerendered page is still hydrating: from the moment its entry starts guarding it
 * (src/site/main.tsx, via watchLeadForms) until the page's first effects have run (Root.tsx). No
 * React here: the page's entry uses it before the app has loaded.
 *
 * Components that keep their server HTML while it hydrates read it: lead forms wait for intent
 * (forms/lazy-lead-form.tsx) and content HTML is not sanitised again (ui/text.tsx).
 */
let initialHydration = false;

/** The prerendered page starts hydrating (called by the page's entry before the app loads). */
export function beginInitialHydration() {
  initialHydration = true;
}

/** Whether the prerendered page is still hydrating. */
export const isInitialHydration = () => initialHydration;

/** The prerendered page has hydrated (called from the first effect inside the page's boundary). */
export function endInitialHydration() {
  initialHydration = false;
}
