/**
 * The site search in Chromium against the built site: the header's box on a desktop by keyboard
 * and the mobile menu's on a phone by touch, queries in Telugu, Hindi, romanised Telugu and with a
 * typo each finding the right treatment first, a result list shared by its address and walked back
 * with the back button, no request for the index before a search, and axe and the Nu HTML Checker
 * on a results page with results. Runs against the built site (npm run build first).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const knee = "/specialities/orthopedics/total-knee-replacement";

/** The results' links, in order, once the search has answered. */
async function resultLinks(page: Page): Promise<string[]> {
  await page.locator(".search-results__list, .search-results__count:not(:empty)").first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".search-results__count")?.textContent?.endsWith("…"));
  return page.locator(".search-result__title a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

/** Requests for the search index's files. */
function indexRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/assets/search/")) seen.push(pathname);
  });
  return seen;
}

describe("the site search", () => {
  it("searches from the header's box by keyboard on a desktop, and finds a treatment by its lay name", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto("/home");
    const box = page.getByRole("navigation", { name: "Main navigation" }).getByRole("searchbox", { name: "Search" });
    await box.focus();
    await page.keyboard.type("knee replacement");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/search?q=knee+replacement");
    const links = await resultLinks(page);
    expect(links[0]).toBe(knee);
    await expect.poll(() => page.locator(".search-result").first().locator("mark").allTextContents()).toContain("Knee");
    expect(await page.locator(".search-results__count").textContent()).toMatch(
      /^\d+ pages? found for “knee replacement”$/,
    );
    expect(errors).toEqual([]);
  });

  it("searches from the mobile menu by touch on a phone, in Telugu, vowel signs and conjuncts kept whole", async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto("/te/home");
    await page.waitForSelector("html[data-app='ready']", { state: "attached" });
    await page.locator(".nav__menu-button").tap();
    const menu = page.getByRole("dialog");
    await menu.getByRole("searchbox").tap();
    await page.keyboard.insertText("మోకాలి మార్పిడి");
    await menu.locator(".site-search__button").tap();
    await page.waitForURL(/\/te\/search\?q=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("మోకాలి మార్పిడి");
    expect((await resultLinks(page))[0]).toBe(`/te${knee}`);
    // The words are marked whole in the result's Telugu text, as typed.
    expect(await page.locator(".search-result").first().locator("mark").allTextContents()).toContain("మోకాలి");
    await context.close();
  });

  it.each([
    ["a Hindi query", "/hi/search?q=घुटना प्रत्यारोपण", `/hi${knee}`],
    ["a romanised Telugu query", "/te/search?q=mokalu marpidi", `/te${knee}`],
    [
      "a typo of one letter",
      "/search?q=angioplsty",
      "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad",
    ],
    ["a Telugu typo of one vowel sign", "/te/search?q=మోకాలు", `/te${knee}`],
  ])("finds the right treatment first for %s, from a shared address", async (_name, address, first) => {
    const { page } = await harness.newPage({ width: 390, height: 844 });
    await page.goto(address);
    expect((await resultLinks(page))[0]).toBe(first);
  });

  it("keeps each search in the history: the back button shows the last result list again", async () => {
    const { page } = await harness.newPage();
    await page.goto("/search?q=pacemaker");
    expect((await resultLinks(page))[0]).toContain("pacemaker");
    const box = page.getByRole("main").getByRole("searchbox");
    await box.fill("hip replacement");
    await box.press("Enter");
    await page.waitForURL("**/search?q=hip+replacement");
    expect((await resultLinks(page))[0]).toContain("hip-replacement");
    await page.goBack();
    await page.waitForURL("**/search?q=pacemaker");
    expect((await resultLinks(page))[0]).toContain("pacemaker");
    expect(await box.inputValue()).toBe("pacemaker");
  });

  it("fetches nothing of the index before someone searches", async () => {
    const { page } = await harness.newPage();
    const requests = indexRequests(page);
    for (const address of ["/home", knee, "/te/search"]) {
      await page.goto(address);
      await page.waitForLoadState("networkidle");
    }
    await page.getByRole("main").getByRole("searchbox").fill("knee");
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await page.getByRole("main").getByRole("searchbox").press("Enter");
    await resultLinks(page);
    // Its first query reads the language's manifest, a few shards and the pages it shows: not the index.
    expect(requests[0]).toBe("/assets/search/te/index.json");
    expect(requests.every((r) => r.startsWith("/assets/search/te/"))).toBe(true);
  });

  it("passes axe at both widths and the Nu HTML Checker with results shown", { timeout: 120_000 }, async () => {
    const axeSource: string = createRequire(import.meta.url)("axe-core").source;
    const html: string[] = [];
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const { page } = await harness.newPage({ width, height });
      await page.goto("/te/search?q=knee");
      await resultLinks(page);
      await page.evaluate(axeSource);
      const violations = await page.evaluate(() =>
        (
          window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string }[] }> } }
        ).axe
          .run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
          })
          .then((r) => r.violations.map((v) => v.id)),
      );
      expect(violations, `${width} px`).toEqual([]);
      html.push(await page.content());
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "search-vnu-"));
    try {
      const file = path.join(dir, "results.html");
      writeFileSync(file, `<!doctype html>\n${html[0].replace(/^<!DOCTYPE html>/i, "")}`);
      const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";
      const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
      const { stderr } = await promisify(execFile)(java, [
        "-jar",
        vnuJar,
        "--format",
        "json",
        "--exit-zero-always",
        file,
      ]);
      const messages = (JSON.parse(stderr) as { messages: { type: string; message: string }[] }).messages;
      expect(messages.filter((m) => m.type !== "info").map((m) => m.message)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
