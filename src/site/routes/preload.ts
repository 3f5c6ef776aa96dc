/**
 * Loads what the route at a path needs (its page's content and code), so that a prerendered page
 * hydrates at once and a hovered, focused or touched link's page is usually there by the click.
 */

import { matchRoutes, type RouteObject } from "../router/router";
import type { RouteHandle } from "./route-handle";

let table: RouteObject[] = [];

/** The route table preloading looks paths up in (set once by the app's entry). */
export function setPreloadRoutes(routes: RouteObject[]) {
  table = routes;
}

const cuts = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();

/**
 * `routes` cut down to the route `pathname` matches, under its language's root: the same match,
 * the same elements. react-router ranks every route of a table on every match, and the site's
 * table has every page in every language (some 250 routes): matched whole, once to preload and
 * again on each render, that was a long task of its own on a phone while the page hydrated. Each
 * address is matched against the whole table once (against the roots it can be under), and the
 * router then matches its one route. The prerenderer cuts its table the same way (entry-server.tsx).
 */
export function routesAt(pathname: string, routes: RouteObject[] = table): RouteObject[] {
  let byPath = cuts.get(routes);
  if (!byPath) {
    byPath = new Map();
    cuts.set(routes, byPath);
  }
  let cut = byPath.get(pathname);
  if (!cut) {
    // A root matches only an address it is a prefix of (the router matches case-insensitively).
    const lower = pathname.toLowerCase();
    const roots = routes.filter(
      ({ path = "/" }) => path === "/" || lower === path || lower.startsWith(`${path.toLowerCase()}/`),
    );
    const matches = matchRoutes(roots, pathname);
    cut = routes;
    if (matches?.length === 2) {
      const [{ route: root }, { route: child }] = matches;
      cut = [{ path: root.path, element: root.element, handle: root.handle, children: [child] }];
    }
    byPath.set(pathname, cut);
  }
  return cut;
}

/** Loads what the route at `pathname` needs; resolves when it is there (failures are left to the page). */
export async function preloadRoute(pathname: string, routes: RouteObject[] = table): Promise<void> {
  const matches = matchRoutes(routesAt(pathname, routes), pathname) ?? [];
  await Promise.allSettled(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()));
}
