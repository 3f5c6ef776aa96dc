// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Page } from "../../src/shared/generated/page";
import { DoctorSearchPanel } from "../../src/site/blocks/doctor-search/DoctorSearchPanel";
import { loadDoctors } from "../../src/site/blocks/doctor-search/doctors";
import { clearCollectionCache } from "../../src/site/collections/load";
import { blogPosts } from "../../src/site/config/content";
import { branches, specialities } from "../../src/site/config/site-config";
import type { Entry } from "../../src/site/entries/entry-context";
import { matchRoutes } from "../../src/site/router/router";
import { PageView } from "../../src/site/routes/PageView";
import { buildRoutes } from "../../src/site/routes/routes";
import { pages } from "../all-pages";
import { dataFetch } from "../helpers/published-data";
import { renderInRouter } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

interface PageAt {
  path: string;
  page: Page;
  file: string;
  entry: Entry | null;
}

/** Every page of site-config/pages/ at its address, 'each' pages once per entry (as routes.tsx does). */
const pageViews = pages.flatMap(({ page, file }): PageAt[] => {
  const entries: Entry[] =
    page.each === "branches"
      ? branches.map((entry) => ({ kind: "branches", entry }))
      : page.each === "specialities"
        ? specialities.map((entry) => ({ kind: "specialities", entry }))
        : page.each === "posts"
          ? blogPosts.map((entry) => ({ kind: "posts", entry }))
          : [];
  if (!page.each) return [{ path: page.route, page, file, entry: null }];
  return entries.map((entry) => ({ path: page.route.replace(":slug", entry.entry.slug), page, file, entry }));
});

beforeEach(() => {
  clearCollectionCache();
  vi.stubGlobal("fetch", dataFetch());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("every page of the site", () => {
  it("covers every route of spec 2.1", () => {
    const paths = pageViews.map((v) => v.path);
    for (const route of [
      "/home",
      "/about-us",
      "/about-us/leadership-team",
      "/our-doctors",
      "/specialities",
      "/our-empanelment",
      "/blogs",
      "/careers",
      "/contact-us",
      "/book-an-appointment",
      "/get-a-second-opinion",
      "/health-checkup",
      "/thank-you",
      "/feedback",
      "/news-media",
      "/terms-conditions",
      "/privacy-polocy",
      "/locations/kukatpally",
      "/locations/udai-omni-nampally",
      "/locations/kothapet",
      "/locations/vizag",
      "/locations/kurnool",
    ])
      expect(paths).toContain(route);
    expect(paths.filter((p) => p.startsWith("/specialities/"))).toHaveLength(14);
    expect(paths.filter((p) => p.startsWith("/locations/"))).toHaveLength(6);
  });

  it.each(pageViews.map((v) => [v.path, v] as const))(
    "%s has one H1, real content and no broken block",
    async (_, view) => {
      // Away from its prerendered page, a medical review line names its doctor from the doctors
      // list, which the app loads as the page renders (the page waits for it in a browser).
      await loadDoctors();
      const { container } = renderInRouter(<PageView page={view.page} file={view.file} entry={view.entry} />, {
        path: view.path,
      });
      if (view.path === "/our-doctors") await screen.findByRole("status");
      expect(container.querySelectorAll("h1")).toHaveLength(1);
      expect(screen.queryByText("Content Not Loaded")).toBeNull();
      // More than a heading: every page is built from several blocks or a block that carries the content.
      expect(container.textContent?.length ?? 0).toBeGreaterThan(300);
    },
  );

  it("links only to routes the route table has", async () => {
    const routes = buildRoutes();
    const broken = new Set<string>();
    for (const view of pageViews) {
      const { container, unmount } = renderInRouter(<PageView page={view.page} file={view.file} entry={view.entry} />, {
        path: view.path,
      });
      if (view.path === "/our-doctors") await screen.findByRole("status");
      if (view.entry?.kind === "specialities" && view.entry.entry.treatments) await screen.findAllByRole("listitem");
      for (const anchor of container.querySelectorAll<HTMLAnchorElement>("a[href^='/']")) {
        const path = new URL(anchor.getAttribute("href") ?? "", "http://site.test").pathname;
        const matched = matchRoutes(routes, path)?.at(-1)?.route.path;
        if (!matched || matched === "*") broken.add(`${view.path} -> ${anchor.getAttribute("href")}`);
      }
      unmount();
    }
    expect([...broken]).toEqual([]);
  });

  it("links every doctor's branches and speciality to real pages", async () => {
    const doctors = await loadDoctors();
    const { container } = renderInRouter(
      <DoctorSearchPanel block={{ type: "doctor-search", emptyMessage: "None." }} doctors={doctors} />,
      { path: "/our-doctors" },
    );
    const routes = buildRoutes();
    for (const anchor of container.querySelectorAll<HTMLAnchorElement>("a[href^='/']")) {
      expect(matchRoutes(routes, anchor.pathname)?.at(-1)?.route.path, anchor.pathname).not.toBe("*");
    }
  });
});
