/**
 * The collection data a prerendered page carries, so it hydrates without fetching: the one
 * treatment of a treatment page (and, on a page in another language, the treatment's texts in
 * it), or the page of the treatment list a speciality page shows. The
 * prerenderer writes it into the page (src/build/prerender/document.ts) and primes it before
 * rendering; the browser primes it from the page (start.tsx). Kept apart from load.ts so the app
 * chunk that reads it carries no loading code.
 */
import type { TreatmentListPage } from "../../shared/collections/data-files";
import type { TreatmentCollection } from "../../shared/generated/collection";

export interface HydrationPayload {
  /**
   * A treatment page's treatment: its collection cut down to it (the spec's shape), and on a page
   * in another language its texts in that language, when it has any (the shape of
   * assets/data/{lang}/{stem}/{slug}.json's `strings`).
   */
  treatment?: {
    file: string;
    data: TreatmentCollection;
    translation?: { lang: string; strings: Record<string, string> };
  };
  /** The page of a collection's treatment list a speciality page shows. */
  listing?: { file: string; data: TreatmentListPage };
  /** The doctor who reviewed the page's medical content (a treatment, a speciality, an article). */
  reviewer?: CarriedReviewer;
}

/** A reviewing doctor as the review line names them. */
export interface CarriedReviewer {
  /** Their slug in doctors.json (the review's `reviewer`). */
  slug: string;
  /** Their name as doctors.json has it: what the link to the doctor search filters by. */
  name: string;
  /** Their name in the page's language, when it has one there (otherwise the line shows `name`). */
  translated?: string;
}

let primed: { path: string; payload: HydrationPayload } | null = null;
const listeners = new Set<(path: string, payload: HydrationPayload) => void>();

/** Records the data the page at `path` was prerendered with. */
export function primeHydration(path: string, payload: HydrationPayload) {
  primed = { path, payload };
  for (const listener of listeners) listener(path, payload);
}

/** The data the page at `path` was prerendered with, if any. */
export function hydrationFor(path: string): HydrationPayload | undefined {
  return primed?.path === path ? primed.payload : undefined;
}

/** Calls `listener` with the primed data now (if any) and whenever it is primed again. */
export function onHydration(listener: (path: string, payload: HydrationPayload) => void): () => void {
  if (primed) listener(primed.path, primed.payload);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the primed data (between prerendered pages, and in tests). */
export function clearHydration() {
  primed = null;
}
