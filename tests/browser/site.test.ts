/**
 * The whole site in real Chromium: every route of the route table shows its H1 with no console
 * error, every internal link found on the way leads somewhere real (a broken one would land on
 * /home through the catch-all redirect), and the doctor search is its own chunk, fetched only when
 * a visitor opens it. Runs against the built site (npm run build first).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness";
import { routeTable } from "./routes";

const root = path.resolve(import.meta.dirname, "../..");

let harness: Harness;
type Tab = Awaited<ReturnType<Harness["newPage"]>>;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The same-origin links of the page, as path plus query (the #fragment dropped). */
async function internalLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.$$eval("a[href]", (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname + url.search);
}

describe("every route and every internal link", () => {
  // The walk visits some 500 pages: about 100 s on a quiet two-core machine, over 300 s beside a
  // busy one (a CI run hit a 300 s limit at load 30). The limit catches a hang, not a slow machine.
  it("shows each route's H1 with no console error, and no internal link is broken", { timeout: 900_000 }, async () => {
    const routes = routeTable();
    expect(routes.length).toBeGreaterThan(40);
    const origin = new URL(harness.baseUrl).origin;
    const queue = [...routes];
    const seen = new Set(queue);
    const foundOn = new Map<string, string>();
    const problems: string[] = [];
    /** One page visited in `tab`: its H1, its errors, and the links it adds to the walk. */
    async function visit({ page, errors }: Tab, target: string) {
      const before = errors.length;
      // Loaded and hydrated (the harness's goto waits for the app), not the network's half second
      // of quiet on each of some 500 pages: the chunks a page needs are fetched before it hydrates.
      const status = (await page.goto(target, { waitUntil: "load" }))?.status();
      const h1 = page.locator("h1").first();
      const hasH1 = await h1
        .waitFor({ state: "visible", timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      const landed = new URL(page.url());
      const where = foundOn.has(target) ? `${target} (linked from ${foundOn.get(target)})` : target;
      if (landed.pathname !== new URL(target, origin).pathname) {
        problems.push(`${where} is broken: it redirected to ${landed.pathname}`);
        return;
      }
      if (status !== 200) problems.push(`${where} answered ${status}`);
      if (!hasH1) problems.push(`${where} shows no H1`);
      else if (!(await h1.textContent())?.trim()) problems.push(`${where} has an empty H1`);
      if (errors.length > before) problems.push(`${where} logged: ${errors.slice(before).join(" | ")}`);
      for (const link of await internalLinks(page, origin)) {
        if (seen.has(link)) continue;
        seen.add(link);
        foundOn.set(link, target);
        queue.push(link);
      }
    }
    // Four tabs walk the queue side by side: much of a visit is waiting for the server and the
    // browser, and the walk grows with every page and language (some 500 pages).
    const tabs = await Promise.all(Array.from({ length: 4 }, () => harness.newPage({ width: 1366, height: 900 })));
    let busy = 0;
    await Promise.all(
      tabs.map(async (tab) => {
        while (queue.length > 0 || busy > 0) {
          const target = queue.shift();
          if (target === undefined) {
            // Another tab may still find links: look again shortly.
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          busy++;
          try {
            await visit(tab, target);
          } finally {
            busy--;
          }
        }
      }),
    );
    expect(problems).toEqual([]);
    // The walk went beyond the route table: links with queries (such as shared doctor searches).
    expect([...seen].some((link) => link.startsWith("/our-doctors?"))).toBe(true);
  });

  it("answers an unknown address 404 for search engines, and sends a person to /home", async () => {
    const { page } = await harness.newPage();
    expect((await page.goto("/no-such-page"))?.status()).toBe(404);
    await page.waitForURL("**/home");
    expect(new URL(page.url()).pathname).toBe("/home");
  });
});

describe("the doctor search chunk", () => {
  const isDoctorSearchChunk = (url: string) => /\/assets\/DoctorSearchPanel-[\w-]+\.js$/.test(url);

  it("exists in the build as a chunk of its own", () => {
    const assets = readdirSync(path.join(root, "dist/assets"));
    expect(assets.filter((file) => isDoctorSearchChunk(`/assets/${file}`))).toHaveLength(1);
  });

  it("is requested only when a visitor opens /our-doctors", async () => {
    const { page, errors } = await harness.newPage({ width: 1366, height: 900 });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/home", { waitUntil: "networkidle" });
    await page.locator("h1").waitFor();
    expect(requested.filter(isDoctorSearchChunk)).toEqual([]);

    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Our doctors" }).click();
    await page.getByRole("status").filter({ hasText: "doctors" }).waitFor();
    expect(requested.filter(isDoctorSearchChunk)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("keeps a search in the address and restores it from a shared link", async () => {
    const { page, errors } = await harness.newPage({ width: 375, height: 800 });
    await page.goto("/our-doctors?speciality=cardiology");
    const status = page.getByRole("status").filter({ hasText: "match your search" });
    await status.waitFor();
    await page.getByLabel("Doctor's name").fill("anjali");
    await page.waitForURL((url) => url.searchParams.get("name") === "anjali");
    const shared = page.url();
    const count = await status.textContent();

    const other = await harness.newPage({ width: 1366, height: 900 });
    await other.page.goto(shared);
    await other.page
      .getByRole("status")
      .filter({ hasText: count ?? "" })
      .waitFor();
    expect(await other.page.getByLabel("Doctor's name").inputValue()).toBe("anjali");
    expect(await other.page.getByLabel("Speciality").inputValue()).toBe("cardiology");
    expect([...errors, ...other.errors]).toEqual([]);
  });
});
