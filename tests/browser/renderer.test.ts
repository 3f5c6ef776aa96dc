/**
 * The renderer in real Chromium against the built, prerendered site: treatment pages (accordion,
 * unknown slugs, aliases, the data-file fallback), redirects, scroll restoration, anchors, the
 * canonical refresh, and prerendered pages that hydrate without a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardiology, orthopedics } from "../helpers/site-collections";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const knee = orthopedics.sub_departments[1];
const canonical = (page: import("playwright-core").Page) =>
  page.evaluate(() => document.querySelector("link[rel=canonical]")?.getAttribute("href"));

describe("treatment pages", () => {
  it("arrive complete in the HTML, with title, description, canonical and JSON-LD", async () => {
    const response = await fetch(`${harness.baseUrl}/specialities/orthopedics/${knee.slug}`);
    const html = await response.text();
    expect(html).toContain(`<title>${knee.meta_title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${knee.canonical_url}" />`);
    expect(html).toContain("<h1>");
    expect(html).toContain("₹1.5 lakhs including implants and stay");
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(jsonLd.map((d) => d["@type"])).toEqual([
      "MedicalOrganization",
      "BreadcrumbList",
      "MedicalWebPage",
      "FAQPage",
    ]);
  });

  it("hydrate with no console error and open FAQ answers one at a time", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto(`/specialities/orthopedics/${knee.slug}`, { waitUntil: "networkidle" });
    const questions = page.locator(".accordion__button");
    expect(await questions.count()).toBe(6);
    for (const state of await questions.evaluateAll((b) => b.map((x) => x.getAttribute("aria-expanded")))) {
      expect(state).toBe("false");
    }
    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator(".accordion__panel").nth(0).isVisible()).toBe(true);
    await questions.nth(1).click();
    expect(await questions.nth(0).getAttribute("aria-expanded")).toBe("false");
    expect(await questions.nth(1).getAttribute("aria-expanded")).toBe("true");
    expect(await page.title()).toBe(knee.meta_title);
    expect(await canonical(page)).toBe(knee.canonical_url);
    expect(errors).toEqual([]);
  });

  // An unknown slug's data file answers 404, which the browser itself logs; the app's own lines are these.
  const appErrors = (errors: string[]) => errors.filter((e) => !e.startsWith("Failed to load resource"));

  it("cardiology: an unknown slug logs 'Sub-department with slug not found' and goes to /", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto("/specialities/cardiology/no-such-treatment");
    await page.waitForURL((url) => url.pathname === "/");
    expect(appErrors(errors)).toEqual(["Sub-department with slug not found no-such-treatment"]);
    await page.locator("main h1").first().waitFor();
  });

  it("orthopedics: an alias finds the page; an unknown slug shows 'Content Not Loaded' and logs the slugs", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto("/specialities/orthopedics/golfers-elbow");
    await page.getByRole("heading", { level: 1, name: /Golfer's Elbow/ }).waitFor();
    await page.goto("/specialities/orthopedics/cataract-surgery");
    await page.getByRole("heading", { name: "Content Not Loaded" }).waitFor();
    expect(page.url()).toContain("/specialities/orthopedics/cataract-surgery");
    const slugs = orthopedics.sub_departments.map((s) => s.slug).sort();
    expect(appErrors(errors)).toEqual([`Sub-department not found. Available slugs: [${slugs.join(", ")}]`]);
  });

  it("fetch only their own data on a client-side move to another treatment, never the whole collection", async () => {
    const { page } = await harness.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const [from, to] = [cardiology.sub_departments[0], cardiology.sub_departments[4]];
    await page.goto(`/specialities/cardiology/${from.slug}`, { waitUntil: "networkidle" });
    expect(requested.filter((p) => p.startsWith("/assets/data/") || p.startsWith("/assets/builtin/"))).toEqual([]);
    await moveTo(page, `/specialities/cardiology/${to.slug}`);
    await page.getByRole("heading", { level: 1, name: to.content.h1 }).waitFor();
    expect(requested.filter((p) => p.startsWith("/assets/data/") || p.startsWith("/assets/builtin/"))).toEqual([
      `/assets/data/cardiology-sub-departments/${to.slug}.json`,
    ]);
  });

  it("show the built-in copy on a client-side move between two treatments when every data request fails", async () => {
    const { page, context, errors } = await harness.newPage();
    const aborted: string[] = [];
    const [from, to] = [cardiology.sub_departments[0], cardiology.sub_departments[4]];
    await page.goto(`/specialities/cardiology/${from.slug}`, { waitUntil: "networkidle" });
    await context.route("**/assets/data/**", (route) => {
      aborted.push(new URL(route.request().url()).pathname);
      return route.abort("connectionfailed");
    });
    const loaded = page.waitForResponse((r) =>
      r.url().includes(`/assets/builtin/cardiology-sub-departments/${to.slug}.js`),
    );
    await moveTo(page, `/specialities/cardiology/${to.slug}`);
    await page.getByRole("heading", { level: 1, name: to.content.h1 }).waitFor();
    expect((await loaded).status()).toBe(200);
    expect(aborted).toEqual([`/assets/data/cardiology-sub-departments/${to.slug}.json`]);
    expect(await page.title()).toBe(to.meta_title);
    expect(
      errors.some((e) =>
        e.startsWith(`Could not load assets/data/cardiology-sub-departments/${to.slug}.json; using the built-in copy.`),
      ),
    ).toBe(true);
    // The same page, not a new document: the move was the app's own.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it("list a speciality's treatments from the built-in index when the list's data file fails", async () => {
    const { page, context } = await harness.newPage();
    await page.goto("/home", { waitUntil: "networkidle" });
    await context.route("**/assets/data/**", (route) => route.abort("connectionfailed"));
    await moveTo(page, "/specialities/cardiology");
    const bypass = cardiology.sub_departments[4];
    await page.getByRole("link", { name: bypass.name, exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: bypass.content.h1 }).waitFor();
    expect(page.url()).toContain(bypass.slug);
  });
});

/** A client-side move, as the app makes one on a link's click: the router follows the history entry. */
async function moveTo(page: import("playwright-core").Page, path: string) {
  await page.evaluate((to) => {
    (window as unknown as { marker?: number }).marker = 1;
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

describe("routing", () => {
  it("sends any other path to /home", async () => {
    const { page } = await harness.newPage();
    await page.goto("/no/such/page");
    // The server answers 404 with the app shell; the app's router goes on to /home.
    await page.waitForURL("**/home");
    await page.locator("h1").first().waitFor({ state: "visible" });
  });

  it("refreshes the canonical link with the current URL after each navigation", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto("/home", { waitUntil: "networkidle" });
    expect(await canonical(page)).toBe("https://www.hospitals.example/home");
    await page.locator("footer").getByRole("link", { name: "Contact us" }).first().click();
    await page.waitForURL("**/contact-us");
    await page.waitForFunction(() =>
      document.querySelector("link[rel=canonical]")?.getAttribute("href")?.endsWith("/contact-us"),
    );
    expect(await canonical(page)).toBe("https://www.hospitals.example/contact-us");
    expect(errors).toEqual([]);
  });

  it("restores the scroll position on back and scrolls to #anchors", async () => {
    const { page, errors } = await harness.newPage({ width: 1280, height: 700 });
    await page.goto("/specialities/orthopedics/total-knee-replacement", { waitUntil: "networkidle" });
    await page.evaluate(() => window.scrollTo(0, 1800));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1800) < 2);
    // A DOM click, so the browser does not scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/careers"]')?.click());
    await page.waitForURL("**/careers");
    await page.waitForFunction(() => window.scrollY < 5);
    await page.goBack();
    await page.waitForURL("**/total-knee-replacement");
    await page.waitForFunction(() => Math.abs(window.scrollY - 1800) < 5, undefined, { timeout: 30_000 });

    await page.goto("/privacy-polocy#main", { waitUntil: "networkidle" });
    const top = await page.evaluate(() => document.getElementById("main")?.getBoundingClientRect().top ?? -1);
    expect(top).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

describe("code-split routes", () => {
  it("start loading a treatment page's code when its link is hovered, before the click", async () => {
    const { page, errors } = await harness.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/specialities/orthopedic", { waitUntil: "networkidle" });
    const treatmentChunk = () => requested.filter((p) => /\/assets\/TreatmentPage-[\w-]+\.js$/.test(p));
    expect(treatmentChunk()).toEqual([]);
    // Listen before hovering: on a fast machine the chunk can arrive while hover() is still returning.
    const chunk = page.waitForResponse((r) => /\/assets\/TreatmentPage-[\w-]+\.js$/.test(r.url()));
    await page.getByRole("link", { name: "Total Knee Replacement", exact: true }).first().hover();
    await chunk;
    expect(new URL(page.url()).pathname).toBe("/specialities/orthopedic");
    expect(errors).toEqual([]);
  });
});

describe("prerendered site", () => {
  it("paints from HTML and styles first, then fetches the app and hydrates", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto(`/specialities/orthopedics/${knee.slug}`);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js") && !/\/assets\/(index|boot|rolldown-runtime)-/.test(e.name))
        .map((e) => ({ name: e.name, start: e.startTime }));
      return { paint, scripts };
    });
    expect(timing.paint).toBeGreaterThan(0);
    // The app's chunk and the page's own chunks: none before the first paint.
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const script of timing.scripts)
      expect(script.start, script.name).toBeGreaterThanOrEqual(timing.paint as number);
    expect(await page.locator("html").getAttribute("data-app")).toBe("ready");
    expect(errors).toEqual([]);
  });

  it("lists every page in sitemap.xml under the canonical base, and has robots.txt", async () => {
    const sitemap = await (await fetch(`${harness.baseUrl}/sitemap.xml`)).text();
    const urls = [...sitemap.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain("https://www.hospitals.example/home");
    expect(urls).toContain(knee.canonical_url);
    expect(urls).toContain("https://www.hospitals.example/locations/udai-omni-nampally");
    expect(urls.every((u) => u.startsWith("https://www.hospitals.example/"))).toBe(true);
    const robots = await (await fetch(`${harness.baseUrl}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://www.hospitals.example/sitemap.xml");
  });

  it("gives a branch page Hospital structured data with its address and hours", async () => {
    const html = await (await fetch(`${harness.baseUrl}/locations/kurnool`)).text();
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    const hospital = jsonLd.find((d) => d["@type"] === "Hospital");
    expect(hospital).toMatchObject({ name: "Kurnool", address: { addressLocality: "Kurnool", addressCountry: "IN" } });
    expect(typeof hospital.openingHours).toBe("string");
  });
});
