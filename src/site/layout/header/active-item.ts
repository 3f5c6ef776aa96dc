/**
 * Which navigation tab is active for a URL path: the item whose route, or one of whose mega-menu
 * entries' routes, is the longest path prefix of the URL. Whole segments only, so /home is not a
 * prefix of /homeopathy, and /specialities/cardiology/x lights up Specialities.
 */
import type { Navigation } from "../../../shared/generated/navigation";

type NavItem = Navigation["items"][number];

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** True when `route` is `path` or an ancestor of it, segment by segment. */
export function isRoutePrefix(route: string, path: string): boolean {
  const r = trimSlash(route);
  const p = trimSlash(path);
  return p === r || p.startsWith(r === "/" ? "/" : `${r}/`);
}

/** The key of the active item for `pathname`, or undefined when no item's routes contain it. */
export function activeItemKey(pathname: string, items: NavItem[]): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const item of items) {
    const routes = [item.route, ...(item.children ?? []).map((child) => child.route)];
    for (const route of routes) {
      const length = trimSlash(route).length;
      if (isRoutePrefix(route, pathname) && (!best || length > best.length)) best = { key: item.key, length };
    }
  }
  return best?.key;
}

/** True when `route` is exactly the current page. */
export const isCurrentPage = (route: string, pathname: string) => trimSlash(route) === trimSlash(pathname);
