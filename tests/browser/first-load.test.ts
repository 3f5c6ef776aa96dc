/**
 * What a page's first load leaves out, in Chromium against the built site (issue 7's budget: the
 * treatment page's JavaScript; issue 15's: the Telugu home page's). The byte counts are
 * `npm run bench`'s; this holds the structure that keeps them: an English treatment page fetches
 * no message formatter, no translation runtime and no blocks' interface words, the home page
 * none of the treatment page's code, a page with a medical review line no list of doctors (it
 * carries its reviewer's name), and a Telugu page fetches the English page's scripts and, beyond
 * them, only its translations. Issue 28's: no page loads react-router (the site's own router
 * stands in), the home page's blog cards come without the posts' text, no page carries the
 * specialities' search words, the branch chooser's code comes when it is first opened, and a
 * page with counts has the browser list its number formats' locales before hydrating, in a task
 * of its own, not inside hydration's first render, and React comes in a chunk of its own, apart
 * from the app's code (src/build/vite/chunk-groups.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translationChunks } from "../bench/translation-chunks";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The scripts a page fetches until the network is quiet (and the page, hydrated). */
async function load(route: string): Promise<{ scripts: string[]; page: Page }> {
  const { page } = await harness.newPage();
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto(route);
  await page.waitForLoadState("networkidle");
  return { scripts, page };
}

const scriptsOf = async (route: string) => (await load(route)).scripts;

/** The text of every script a page fetches until the network is quiet. */
async function scriptTexts(route: string): Promise<string> {
  const { page } = await harness.newPage();
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => r.request().resourceType() === "script" && bodies.push(r.text()));
  await page.goto(route);
  await page.waitForLoadState("networkidle");
  return (await Promise.all(bodies)).join("\n");
}

const siteConfig = (file: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../site-config", file), "utf8"));

const named = (scripts: string[], name: string) => scripts.filter((s) => s.startsWith(`/assets/${name}-`));

describe("a page's first load", () => {
  it("of an English treatment page has no FormatJS, no translation runtime and no blocks' words", async () => {
    const scripts = await scriptsOf("/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad");
    expect(named(scripts, "treatment-page")).toHaveLength(1);
    for (const name of ["icu", "translations", "translation-runtime", "block-words"])
      expect(named(scripts, name), name).toEqual([]);
  });

  it("of the English home page has FormatJS for its counts, no translation runtime, no treatment page and no modals' code", async () => {
    const { scripts, page } = await load("/home");
    expect(named(scripts, "icu")).toHaveLength(1);
    for (const name of ["translations", "treatment-page", "LocationsModal", "BookingModal"])
      expect(named(scripts, name), name).toEqual([]);
    // The branch chooser's code comes when it is first opened.
    await page.locator("html[data-app=ready]").waitFor();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Locations" }).click();
    await page
      .getByRole("dialog", { name: "Choose a branch" })
      .getByRole("link", { name: /Kukatpally/ })
      .waitFor();
    expect(named(scripts, "LocationsModal")).toHaveLength(1);
  });

  it("of a page with counts asks for a number format before hydrating, not in the middle of it", async () => {
    const { page } = await harness.newPage();
    // The first of the browser's number format calls, what it asked, and whether React had
    // hydrated any of the page then (it marks each element it takes over).
    await page.addInitScript(() => {
      const seen = window as unknown as { firstNumberFormat?: { call: string; hydrated: boolean } };
      const hydrated = () =>
        [...document.querySelectorAll("#root *")].some((element) =>
          Object.keys(element).some((key) => key.startsWith("__reactFiber")),
        );
      const { supportedLocalesOf } = Intl.NumberFormat;
      Intl.NumberFormat.supportedLocalesOf = (...args: Parameters<typeof supportedLocalesOf>) => {
        seen.firstNumberFormat ??= { call: `supportedLocalesOf(${String(args[0])})`, hydrated: hydrated() };
        return supportedLocalesOf(...args);
      };
      const NumberFormat = Intl.NumberFormat;
      Intl.NumberFormat = new Proxy(NumberFormat, {
        construct(target, args: ConstructorParameters<typeof NumberFormat>) {
          seen.firstNumberFormat ??= { call: "new NumberFormat", hydrated: hydrated() };
          return new target(...args);
        },
      });
    });
    await page.goto("/te/home");
    await page.locator("html[data-app=ready]").waitFor();
    expect(await page.evaluate(() => (window as { firstNumberFormat?: unknown }).firstNumberFormat)).toEqual({
      call: "supportedLocalesOf(te)",
      hydrated: false,
    });
  });

  it.each([
    [
      "a treatment page (its review dates)",
      "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad",
      "en",
    ],
    ["the Telugu home page (its blog cards)", "/te/home", "te"],
  ])("of %s makes its first date format before hydrating, not in the middle of it", async (_, route, lang) => {
    const { page } = await harness.newPage();
    // The first date format the page makes, in which language, and whether React had hydrated
    // any of the page then (it marks each element it takes over).
    await page.addInitScript(() => {
      const seen = window as unknown as { firstDateFormat?: { locale: string; hydrated: boolean } };
      const hydrated = () =>
        [...document.querySelectorAll("#root *")].some((element) =>
          Object.keys(element).some((key) => key.startsWith("__reactFiber")),
        );
      const DateTimeFormat = Intl.DateTimeFormat;
      Intl.DateTimeFormat = new Proxy(DateTimeFormat, {
        construct(target, args: ConstructorParameters<typeof DateTimeFormat>) {
          seen.firstDateFormat ??= { locale: String(args[0]), hydrated: hydrated() };
          return new target(...args);
        },
      });
    });
    await page.goto(route);
    await page.locator("html[data-app=ready]").waitFor();
    expect(await page.evaluate(() => (window as { firstDateFormat?: unknown }).firstDateFormat)).toEqual({
      locale: `${lang}-IN`,
      hydrated: false,
    });
  });

  it.each([
    ["treatment", "/te/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad", "డా. అంజలి ఎగ్జాంపుల్"],
    ["speciality", "/specialities/orthopedic", "Dr. Suresh Demo"],
  ])("of a %s page names its reviewing doctor with no list of doctors", async (_, route, name) => {
    const { scripts, page } = await load(route);
    expect(named(scripts, "doctors")).toEqual([]);
    expect(await page.locator(".medical-review a").textContent()).toBe(name);
  });

  it("of the home page has React in a chunk of its own, apart from the app's code", async () => {
    const { page } = await harness.newPage();
    const bodies = new Map<string, Promise<string>>();
    page.on(
      "response",
      (r) => r.request().resourceType() === "script" && bodies.set(new URL(r.url()).pathname, r.text()),
    );
    await page.goto("/home");
    await page.locator("html[data-app=ready]").waitFor();
    const [react, app] = [named([...bodies.keys()], "react"), named([...bodies.keys()], "app")];
    expect([react.length, app.length]).toEqual([1, 1]);
    // React marks every element it makes with this symbol: its code is in the one chunk only.
    expect(await bodies.get(react[0])).toContain("react.transitional.element");
    expect(await bodies.get(app[0])).not.toContain("react.transitional.element");
  });

  it("of the home page has no router library, no blog post's text and no search words", async () => {
    const scripts = await scriptTexts("/home");
    // react-router sets this in every build; the site's router (src/site/router/) does not.
    expect(scripts).not.toContain("__reactRouterVersion");
    const post = siteConfig("blog-posts.json").posts[0];
    expect(scripts).toContain(post.summary);
    expect(scripts).not.toContain(post.sections[0].paragraphs[0]);
    const speciality = siteConfig("specialities.json").specialities[0];
    expect(scripts).toContain(speciality.summary);
    expect(scripts).not.toContain(speciality.searchTerms);
    const healthPackage = siteConfig("packages.json").packages[0];
    expect(scripts).toContain(healthPackage.summary);
    expect(scripts).not.toContain(healthPackage.searchTerms);
  });

  it("of the Telugu home page is the English home page's scripts and its translations", async () => {
    const translations = translationChunks(path.resolve(import.meta.dirname, "../../dist"));
    const [english, telugu] = [await scriptsOf("/home"), await scriptsOf("/te/home")];
    expect(telugu.filter((s) => !translations.has(s)).sort()).toEqual([...english].sort());
    expect(named(telugu, "translations")).toHaveLength(1);
  });
});
