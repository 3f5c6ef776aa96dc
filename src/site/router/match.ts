/**
 * Matching an address against the route table, as react-router 7's `matchRoutes` does for the
 * shapes this site's tables have (a root per language, its pages below; static segments, `:name`
 * parameters, an index route and a `*` catch-all): case-insensitive, trailing slashes ignored,
 * each segment decoded, and the most specific route winning by react-router's scores (a static
 * segment 10, a parameter 3, an index route 2 more, a catch-all 2 less), first in the table on a
 * tie. tests/site/routes-at.test.ts checks every address of the site against react-router's own.
 */
import type { ReactNode } from "react";

/** A route of the table. */
export interface RouteObject {
  /** Absolute ('/te/home') or relative to its parent; `*` matches anything below. */
  path?: string;
  /** Shown at its parent's path itself. */
  index?: boolean;
  element?: ReactNode;
  /** Whatever the app keeps with the route (src/site/routes/route-handle.ts). */
  handle?: unknown;
  children?: RouteObject[];
}

/** A matched route: its parameters (every level's), and the part of the address it matched. */
export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string | undefined>;
  pathname: string;
}

interface Branch {
  score: number;
  /** Each level's route and its path relative to its parent. */
  levels: { route: RouteObject; relativePath: string }[];
}

const joinPaths = (paths: string[]) => paths.join("/").replace(/\/\/+/g, "/");
const isSplat = (segment: string) => segment === "*";

function score(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  let total = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments.filter((s) => !isSplat(s)))
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  return total;
}

function flatten(routes: RouteObject[], branches: Branch[] = [], parents: Branch["levels"] = [], parentPath = "") {
  for (const route of routes) {
    let relativePath = route.path ?? "";
    // An absolute child path starts with its parent's (routes.tsx builds them so: pathIn).
    if (relativePath.startsWith("/")) relativePath = relativePath.slice(parentPath.length);
    const path = joinPaths([parentPath, relativePath]);
    const levels = [...parents, { route, relativePath }];
    if (route.children?.length) flatten(route.children, branches, levels, path);
    if (route.path != null || route.index) branches.push({ score: score(path, route.index), levels });
  }
  return branches;
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

function rankedBranches(routes: RouteObject[]): Branch[] {
  let branches = branchCache.get(routes);
  if (!branches) {
    // A stable sort: equal scores keep the table's order.
    branches = flatten(routes).sort((a, b) => b.score - a.score);
    branchCache.set(routes, branches);
  }
  return branches;
}

/** Each pattern compiled so far: every render matches the address again (prerendering, thousands of pages). */
const compiled = new Map<string, { regex: RegExp; names: string[] }>();

/** A path pattern as a regular expression, anchored at the start; at the end too when `end`. */
function compile(path: string, end: boolean) {
  const key = `${end ? "$" : "^"}${path}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    pattern = compilePattern(path, end);
    compiled.set(key, pattern);
  }
  return pattern;
}

function compilePattern(path: string, end: boolean) {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return "/([^\\/]+)";
    })}`;
  if (path.endsWith("*")) {
    names.push("*");
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else if (end) source += "\\/*$";
  else if (path !== "" && path !== "/") source += "(?:(?=\\/|$))";
  return { regex: new RegExp(source, "i"), names };
}

const trimTrailingSlashes = (path: string) => path.replace(/\/+$/, "") || "/";

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: RouteMatch["params"] = {};
  const matches: RouteMatch[] = [];
  let matched = "/";
  for (const [i, { route, relativePath }] of branch.levels.entries()) {
    const remaining = matched === "/" ? pathname : pathname.slice(matched.length) || "/";
    const { regex, names } = compile(relativePath, i === branch.levels.length - 1);
    const found = regex.exec(remaining);
    if (!found) return null;
    let base = trimTrailingSlashes(found[0]);
    names.forEach((name, n) => {
      const value = found[n + 1];
      if (name === "*") base = trimTrailingSlashes(found[0].slice(0, found[0].length - (value ?? "").length));
      params[name] = (value ?? "").replace(/%2F/g, "/");
    });
    matches.push({ route, params, pathname: joinPaths([matched, found[0]]) });
    if (base !== "/") matched = joinPaths([matched, base]);
  }
  return matches;
}

/** Each segment decoded, a '/' inside one kept encoded (a parameter holds it decoded). */
function decodePath(pathname: string): string {
  // Nothing to decode (the addresses the site makes): as it is, without a pass per segment.
  if (!pathname.includes("%")) return pathname;
  try {
    return pathname
      .split("/")
      .map((s) => decodeURIComponent(s).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** The routes `pathname` matches, outermost first; null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname || "/");
  for (const branch of rankedBranches(routes)) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
