/**
 * Loads what the route at a path needs (its page's content and code), so that a prerendered page
 * hydrates at once and a hovered, focused or touched link's page is usually there by the click.
 */
import { matchRoutes, type RouteObject } from "react-router-dom";
import type { RouteHandle } from "./route-handle";

let table: RouteObject[] = [];

/** The route table preloading looks paths up in (set once by the app's entry). */
export function setPreloadRoutes(routes: RouteObject[]) {
  table = routes;
}

/** Loads what the route at `pathname` needs; resolves when it is there (failures are left to the page). */
export async function preloadRoute(pathname: string, routes: RouteObject[] = table): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.allSettled(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()));
}
