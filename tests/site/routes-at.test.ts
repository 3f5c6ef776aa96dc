import { type RouteObject as ReactRouterRoute, matchRoutes as reactRouterMatch } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { pageRefs } from "../../src/site/config/pages";
import { languages, pathIn } from "../../src/site/i18n/languages";
import { matchRoutes } from "../../src/site/router/router";
import { routesAt } from "../../src/site/routes/preload";
import { buildRoutes } from "../../src/site/routes/routes";

const routes = buildRoutes();

/** The routes an address matches, root first, as their patterns. */
const patterns = (table: typeof routes, path: string) =>
  matchRoutes(table, path)?.map((m) => m.route.path ?? "(index)");

const examples = ["/", "/home", "/HOME", "/te", "/te/", "/hi/home", "/te/blogs/page/2", "/nowhere", "/te/nowhere"];
const addresses = [
  ...examples,
  "/home/",
  "/blogs/a%20post",
  "/te/specialities/cardiology/page/3",
  "/our-doctors/extra/segments",
  ...languages.flatMap(({ code }) => pageRefs.map((ref) => pathIn(ref.route.replace(":slug", "some-entry"), code))),
  "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad",
  "/te/specialities/orthopedics/total-knee-replacement",
];

describe("the site's router", () => {
  it.each(addresses)("matches %s as react-router does: the same routes, parameters and paths", (path) => {
    const ours = matchRoutes(routes, path)?.map((m) => ({ route: m.route, params: m.params, pathname: m.pathname }));
    const theirs = reactRouterMatch(routes as ReactRouterRoute[], path)?.map((m) => ({
      route: m.route,
      params: m.params,
      pathname: m.pathname,
    }));
    expect(ours).toBeDefined();
    expect(ours).toEqual(theirs);
  });
});

describe("the route table cut down to an address", () => {
  it.each(addresses)("matches %s as the whole table does, with one route under its root", (path) => {
    const cut = routesAt(path, routes);
    expect(patterns(cut, path)).toEqual(patterns(routes, path));
    expect(cut).toHaveLength(1);
    expect(cut[0].children).toHaveLength(1);
    expect(cut[0].element).toBe(matchRoutes(routes, path)?.[0].route.element);
  });

  it("cuts each address once", () => {
    expect(routesAt("/home", routes)).toBe(routesAt("/home", routes));
  });
});
