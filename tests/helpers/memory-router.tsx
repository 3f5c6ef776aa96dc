/**
 * A router in memory that a test can drive and inspect (`router.navigate(to)`,
 * `router.state.location`, `router.state.historyAction`), over the site's own router
 * (src/site/router/): the shape of react-router's createMemoryRouter, which these tests used.
 */
import { createMemoryHistory, type History, type NavigationType } from "../../src/site/router/history";
import { type Location, type RouteObject, Router, useRoutes } from "../../src/site/router/router";

export interface MemoryRouter {
  routes: RouteObject[];
  history: History;
  readonly state: { location: Location; historyAction: NavigationType };
  /** A new history entry at `to` (in place with `replace`). */
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
}

export function createMemoryRouter(routes: RouteObject[], { initialEntries = ["/"] } = {}): MemoryRouter {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    async navigate(to, { replace = false } = {}) {
      if (replace) history.replace(to);
      else history.push(to);
    },
  };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders the router's routes at its current address. */
export function RouterProvider({ router }: { router: MemoryRouter }) {
  return (
    <Router history={router.history}>
      <Routes routes={router.routes} />
    </Router>
  );
}
