import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true afterwards. State that
 * only the browser knows (the address's query, the scroll position) must wait for it, or the first
 * render would not match the served HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
