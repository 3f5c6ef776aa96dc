/**
 * The site's router: the part of react-router's API the site uses (a router over the browser's
 * history, one in memory, one for the prerenderer; the location, params, navigation and search
 * params hooks; `useRoutes`, `<Outlet>`, `<Navigate>`), in some 2 KB where react-router brought
 * 8.5 KB gzip to every page's first load (its data routers, error boundaries, relative routing and
 * messages are code the site never runs). Same behaviour: navigations are transitions (the page on
 * screen stays until the next one is ready), history entries keep react-router's state and keys,
 * and addresses match as react-router matches them (match.ts).
 */
import {
  createContext,
  createElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  type History,
  type Location,
  type NavigationType,
  parsePath,
} from "./history";
import { matchRoutes, type RouteMatch, type RouteObject } from "./match";

export type { Location, NavigationType } from "./history";
export { matchRoutes, type RouteMatch, type RouteObject } from "./match";

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  /** Null in the prerenderer, where nothing navigates. */
  history: History | null;
}

const RouterContext = createContext<RouterState | null>(null);

interface RouteState {
  params: RouteMatch["params"];
  outlet: ReactNode;
}

const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error("The router's hooks work only inside a router.");
  return router;
}

/** Follows `history`: each change renders the new address in a transition. */
function HistoryRouter({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState({ location: history.location, navigationType: history.action });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => startTransition(() => setState({ location, navigationType: action }))),
    [history],
  );
  const value = useMemo(() => ({ ...state, history }), [state, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the site in a browser. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** A router whose history is kept in memory (the editor's preview, tests). */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** A router at one address, which never changes (the prerenderer). */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo<RouterState>(
    () => ({
      location: { ...dropEmpty(parsePath(location)), state: null, key: "default" },
      navigationType: "POP",
      history: null,
    }),
    [location],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const dropEmpty = (parts: ReturnType<typeof parsePath>) => (parts.pathname ? parts : { ...parts, pathname: "/" });

/** A router over a given history (tests that drive the history themselves). */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

export const useLocation = (): Location => useRouter().location;

export const useNavigationType = (): NavigationType => useRouter().navigationType;

/** The parameters of the matched route (`:slug`, `*`). */
export const useParams = () => useContext(RouteContext).params;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for react-router's sake; scrolling is the app's (use-scroll-restoration.ts). */
  preventScrollReset?: boolean;
}

/** Returns nothing here; typed as react-router's, whose data routers return a promise. */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void | Promise<void>;

/** `to` as a whole path: '?q=a' or '#b' stay on the page at `pathname`. */
function resolve(to: string, pathname: string): string {
  const parts = parsePath(to);
  return createPath({ ...parts, pathname: parts.pathname || pathname });
}

/** Goes to `to` (a new history entry, or in place with `replace`), or `delta` entries back or forward. */
export function useNavigate(): NavigateFunction {
  const { history, location } = useRouter();
  const { pathname } = location;
  return useCallback(
    (to, options = {}) => {
      // The prerenderer's router (no history) never navigates: its effects do not run.
      if (!history) return;
      if (typeof to === "number") history.go(to);
      else if (options.replace) history.replace(resolve(to, pathname), options.state);
      else history.push(resolve(to, pathname), options.state);
    },
    [history, pathname],
  );
}

type SearchInit = URLSearchParams | Record<string, string>;

/** The address's query, and a function that navigates to another one on the same page. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      navigate(`?${new URLSearchParams(next)}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** Goes to `to` once rendered (in the browser; the prerenderer does not navigate). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** Where a parent route shows its matched child. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The element of the route the current address matches, inside its parents' (null when none does). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, { route, params }) =>
      createElement(RouteContext.Provider, { value: { params, outlet } }, route.element ? route.element : outlet),
    null,
  );
}
