/**
 * What a page's first paint waits for, in Chromium against the built site: the stylesheets its
 * head links. One holds the whole site's styles (src/build/vite/chunk-groups.ts) and the language
 * names' faces (language-names-plugin.ts), beside, on a Telugu page, the Telugu font's: no
 * stylesheet per block, which on a phone's connection cost a round trip each (the Telugu home page
 * linked ten). The next page opened in the app needs no stylesheet at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The stylesheets' paths, in the order the page asked for them, with the site's hashes cut off. */
const kinds = (paths: string[]) => paths.map((p) => p.replace(/-(?:[A-Za-z0-9_-]{8}|[0-9a-f]{10})\.css$/, ".css"));

describe("a page's first paint", () => {
  it("waits for the site's one stylesheet on the home, treatment and doctors pages, and the Telugu font's on /te/home", async () => {
    const { page } = await harness.newPage();
    const sheets: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && sheets.push(new URL(r.url()).pathname));
    const expected = {
      "/home": ["/assets/boot.css"],
      "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad": ["/assets/boot.css"],
      "/our-doctors": ["/assets/boot.css"],
      "/te/home": ["/assets/boot.css", "/assets/fonts/te.css"],
    };
    for (const [route, stylesheets] of Object.entries(expected)) {
      sheets.length = 0;
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      expect(kinds(sheets), route).toEqual(stylesheets);
    }
  });

  it("is styled whole: the next page opened in the app, with blocks of its own, fetches no stylesheet", async () => {
    const { page } = await harness.newPage();
    await page.goto("/home", { waitUntil: "networkidle" });
    const home = await page.locator("h1").first().textContent();
    const sheets: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && sheets.push(new URL(r.url()).pathname));
    await page.evaluate(() => {
      (window as unknown as { marker?: number }).marker = 1;
      history.pushState(null, "", "/contact-us");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect.poll(() => page.locator("h1").first().textContent()).not.toBe(home);
    await page.waitForLoadState("networkidle");
    // The app's own move, not a page load.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(sheets).toEqual([]);
  });
});
