/** The site: the route table rendered for the current address (in the browser or the prerenderer). */
import { type RouteObject, useRoutes } from "react-router-dom";

export function SiteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
