/**
 * Route code preloading on intent: code-split routes register their loader here, and the root
 * route calls `preloadRoute` when a link is hovered, focused or touched, so the code is usually
 * there by the time the click lands.
 */
import { matchPath } from "react-router-dom";

const preloaders: { pattern: string; load: () => Promise<unknown> }[] = [];

/** Registers the loader of a code-split route. */
export function registerPreload(pattern: string, load: () => Promise<unknown>) {
  preloaders.push({ pattern, load });
}

/** Starts loading the code of the route at `pathname`, if it is code-split. */
export function preloadRoute(pathname: string) {
  for (const p of preloaders) if (matchPath(p.pattern, pathname)) void p.load();
}

/** Forgets every registered loader (the route table is being rebuilt). */
export function resetPreloads() {
  preloaders.length = 0;
}
