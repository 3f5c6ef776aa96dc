/** The site: the route table rendered for the current address (in the browser or the prerenderer). */

import { type RouteObject, useLocation, useRoutes } from "../router/router";
import { routesAt } from "./preload";

/**
 * `routes` at the current address. In the browser the table is cut down to the address's route
 * first (preload.ts): the router would otherwise rank the whole table on every render.
 */
export function SiteRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  return useRoutes(import.meta.env.SSR ? routes : routesAt(pathname, routes));
}
