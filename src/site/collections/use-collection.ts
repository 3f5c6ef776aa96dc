import { useEffect, useReducer } from "react";
import type { Tracked } from "../tracked";
import { findTreatment, type LookupPresentation, loadListPage, type TreatmentLookup } from "./load";

/** What a loading piece of data is: there, still loading, or failed for good. */
export type Loaded<T> = { value: T } | { loading: true } | { failed: true };

/**
 * The state of a tracked load for a component: its value at once when it is already there (the
 * data a prerendered page carries, or an earlier load), otherwise re-rendered when it settles.
 */
export function useTracked<T>(tracked: Tracked<T> | undefined): Loaded<T> | undefined {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const marked = tracked as (Tracked<T> & { status?: string; value?: T }) | undefined;
  const waiting = marked !== undefined && marked.status !== "fulfilled" && marked.status !== "rejected";
  useEffect(() => {
    if (!waiting || !tracked) return;
    let live = true;
    const done = () => live && rerender();
    tracked.then(done, done);
    return () => {
      live = false;
    };
  }, [tracked, waiting]);
  if (!marked) return undefined;
  if (marked.status === "rejected") return { failed: true };
  return marked.status === "fulfilled" ? { value: marked.value as T } : { loading: true };
}

/** The treatment an address part names (undefined when there is no address part). */
export function useTreatmentLookup(
  presentation: LookupPresentation,
  requested: string | undefined,
): Loaded<TreatmentLookup> | undefined {
  return useTracked(requested ? findTreatment(presentation, requested) : undefined);
}

/** A page of a collection's treatment list. */
export function useListPage(file: string, page: number, size: number) {
  return useTracked(loadListPage(file, page, size));
}
