/**
 * The site in Telugu and Hindi, in real Chromium against the built site: the Telugu home and
 * treatment pages as prerendered (lang, hreflang, canonical, JSON-LD inLanguage, the Telugu font
 * loaded and no other), the Hindi appointment form's validation messages, the language switcher
 * working before the app, no clipped matras in buttons and menus, and axe-core on the Telugu pages.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardiology, readConfig } from "../helpers/site-collections";
import { type Harness, startHarness } from "./harness";

const dist = path.resolve(import.meta.dirname, "../../dist");
const html = (route: string) => readFileSync(path.join(dist, route, "index.html"), "utf8");
const axeSource: string = createRequire(import.meta.url)("axe-core").source;
const base = "https://www.hospitals.example";
const knee = "/specialities/orthopedics/total-knee-replacement";
/** Where a language's page font is (src/build/fonts.ts), apart from the language names' faces. */
const pageFont = (script: string) => `/assets/fonts/noto-sans-${script}-`;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** axe-core's violations (WCAG 2.1 A and AA, best practices) on the page as it is. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(() =>
    (
      window as unknown as {
        axe: {
          run: (d: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe
      .run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      })
      .then((r) => r.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)),
  );
}

describe("the prerendered pages in three languages", () => {
  it("say their language on <html> and name every language's page, with x-default the English one", () => {
    const page = html("te/home");
    expect(page).toMatch(/<html lang="te">/);
    expect(html("hi/home")).toMatch(/<html lang="hi">/);
    expect(html("home")).toMatch(/<html lang="en-IN">/);
    const alternates = [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(alternates).toEqual([
      ["en", `${base}/home`],
      ["te", `${base}/te/home`],
      ["hi", `${base}/hi/home`],
      ["x-default", `${base}/home`],
    ]);
    // The English page names the same alternates: each language's page names all of them.
    expect(html("home")).toContain(`<link rel="alternate" hreflang="te" href="${base}/te/home" />`);
  });

  it("give each language its own canonical address and JSON-LD inLanguage", () => {
    const page = html(`te${knee}`);
    expect(page).toContain(`<link rel="canonical" href="${base}/te${knee}" />`);
    expect(html(knee)).toContain(`<link rel="canonical" href="${base}${knee}" />`);
    const jsonLd = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    const medical = jsonLd.find((d) => d["@type"] === "MedicalWebPage");
    expect(medical).toMatchObject({ inLanguage: "te", url: `${base}/te${knee}`, name: expect.stringContaining("టోటల్") });
  });

  it("list every page's languages in the sitemap", () => {
    const sitemap = readFileSync(path.join(dist, "sitemap.xml"), "utf8");
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toContain(`<loc>${base}/te${knee}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${base}/hi${knee}"/>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}${knee}"/>`);
    expect(sitemap).not.toContain(`<loc>${base}/te</loc>`);
  });

  it("keep the English pages' spec messages and routes", () => {
    expect(html("home")).not.toContain('<html lang="te">');
    expect(html(knee)).toContain("Frequently Asked Questions");
    expect(html(knee)).toContain("Get it Now");
  });
});

describe("the Telugu home page in Chromium", () => {
  it("shows Telugu in Noto Sans Telugu, loads no Devanagari page font, and has no axe violations", async () => {
    const { page, errors } = await harness.newPage();
    const fonts: string[] = [];
    page.on("request", (r) => r.resourceType() === "font" && fonts.push(new URL(r.url()).pathname));
    await page.goto("/te/home");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "ఇంటికి దగ్గరలో వైద్యం, అవసరమైనప్పుడు నిపుణులు",
    );
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Telugu"', "తెలుగు"))).toBe(true);
    expect(fonts.some((f) => f.startsWith(pageFont("telugu")))).toBe(true);
    // Only the switcher's "हिन्दी", in the names' own small font (language-names.test.ts).
    expect(fonts.filter((f) => f.includes("devanagari"))).toEqual([
      expect.stringMatching(/\/names-noto-sans-devanagari-/),
    ]);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("loads no Telugu or Devanagari page font on an English page", async () => {
    const { page } = await harness.newPage();
    const fonts: string[] = [];
    page.on("request", (r) => r.resourceType() === "font" && fonts.push(new URL(r.url()).pathname));
    await page.goto("/home");
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.filter((f) => f.startsWith(pageFont("telugu")) || f.startsWith(pageFont("devanagari")))).toEqual([]);
  });

  it("clips no matra: every button and menu entry is tall enough for its text", async () => {
    for (const width of [1280, 390]) {
      const { page } = await harness.newPage({ width, height: 900 });
      await page.goto("/te/home");
      await page.evaluate(() => document.fonts.ready);
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("button, .button, nav a, .top-bar a")]
          .filter((el) => el.offsetParent !== null && el.textContent?.trim())
          .filter((el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflow !== "visible")
          .map((el) => el.textContent?.trim()),
      );
      expect(clipped, `at ${width} px`).toEqual([]);
    }
  });

  it("switches language with plain links before the app has loaded", async () => {
    const { page } = await harness.newPage({ waitForApp: false });
    await page.route(/\/assets\/app-/, (route) => route.abort());
    await page.goto("/te/home");
    const hindi = page.getByRole("navigation", { name: "భాషలు" }).getByRole("link", { name: "हिन्दी" });
    expect(await hindi.getAttribute("hreflang")).toBe("hi");
    expect(await hindi.getAttribute("lang")).toBe("hi");
    await hindi.click();
    await page.waitForURL("**/hi/home");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
  });
});

describe("a Telugu treatment page in Chromium", () => {
  it("shows the treatment in Telugu with its price, keeps English brand names, and has no axe violations", async () => {
    const { page, errors } = await harness.newPage();
    await page.goto(`/te${knee}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్)");
    expect(await page.getByText(/₹1.5 లక్షలు/).count()).toBeGreaterThan(0);
    expect(await page.getByText("OrthoInfo (American Academy of Orthopaedic Surgeons)").count()).toBe(1);
    // An FAQ opens in Telugu, after hydration.
    await page.getByRole("button", { name: "మోకాలి మార్పిడి ఎంతకాలం ఉంటుంది?" }).click();
    await page.getByText(/ఆధునిక మోకాలి ఇంప్లాంట్లు/).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("treatments' Telugu texts in Chromium, one treatment at a time", () => {
  const angiography = cardiology.sub_departments.find((s) => s.slug === "best-hospital-for-angiography-in-hyderabad");
  const heartFailure = cardiology.sub_departments.find((s) => s.slug === "treatment-for-heart-failure-in-kukatpally");
  const teluguCardiology = readConfig<{ strings: Record<string, string> }>(
    "i18n/te/collections/cardiology-sub-departments.json",
  ).strings;
  const teluguAngiography = teluguCardiology["sub_departments.best-hospital-for-angiography-in-hyderabad.content.h1"];
  const teluguHeartFailure = teluguCardiology["sub_departments.treatment-for-heart-failure-in-kukatpally.content.h1"];
  const teluguHeartFailureText =
    teluguCardiology["sub_departments.treatment-for-heart-failure-in-kukatpally.content.sections.0.description"];
  const data = (paths: string[]) =>
    paths.filter((p) => p.startsWith("/assets/data/") || p.startsWith("/assets/builtin/"));

  /** A client-side move, as the app makes one on a link's click: the router follows the history entry. */
  const moveTo = (page: Page, to: string) =>
    page.evaluate((path) => {
      (window as unknown as { marker?: number }).marker = 1;
      window.history.pushState(null, "", path);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, to);

  /** Every text the page's h1 shows from now on, in order. */
  const watchHeadings = (page: Page) =>
    page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { headings: string[] }).headings = seen;
      new MutationObserver(() => {
        const text = document.querySelector("main h1")?.textContent ?? "";
        if (seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

  it("hydrate a Telugu treatment page with its own texts, and fetch only the next treatment's on each move", async () => {
    if (!angiography || !heartFailure) throw new Error("The cardiology collection lacks its treatments.");
    const { page, errors } = await harness.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`/te${knee}`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్)");
    // Prerendered and hydrated with its Telugu texts: no request for them, and no whole collection's.
    expect(data(requested)).toEqual([]);
    expect(requested.filter((p) => p.includes("sub-departments"))).toEqual([]);

    // A move to the other translated treatment: its English data and its Telugu texts, nothing else,
    // and the page never shows its English heading on the way.
    await watchHeadings(page);
    requested.length = 0;
    await moveTo(page, `/te/specialities/cardiology/${angiography.slug}`);
    await page.getByRole("heading", { level: 1, name: teluguAngiography }).waitFor();
    expect(data(requested)).toEqual([
      `/assets/data/cardiology-sub-departments/${angiography.slug}.json`,
      `/assets/data/te/cardiology-sub-departments/${angiography.slug}.json`,
    ]);
    const headings = await page.evaluate(() => (window as unknown as { headings: string[] }).headings);
    expect(headings).toContain(teluguAngiography);
    expect(headings).not.toContain(angiography.content.h1);
    expect(await page.locator("html").getAttribute("lang")).toBe("te");

    // A move to a third treatment: its Telugu heading and paragraphs, none of them marked English.
    requested.length = 0;
    await moveTo(page, `/te/specialities/cardiology/${heartFailure.slug}`);
    const heading = page.getByRole("heading", { level: 1, name: teluguHeartFailure });
    await heading.waitFor();
    expect(await heading.getAttribute("lang")).toBeNull();
    const paragraph = page.getByText(teluguHeartFailureText.slice(0, 40));
    expect(await paragraph.first().evaluate((el) => el.closest("[lang]")?.getAttribute("lang"))).toBe("te");
    expect(data(requested)).toEqual([
      `/assets/data/cardiology-sub-departments/${heartFailure.slug}.json`,
      `/assets/data/te/cardiology-sub-departments/${heartFailure.slug}.json`,
    ]);
    // Every move was the app's own, and nothing was logged.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe("the Hindi appointment form in Chromium", () => {
  it("shows the spec's validation messages in Hindi and sends the lead with its language", async () => {
    const { page, errors } = await harness.newPage();
    const sent: unknown[] = [];
    await page.route("**/api/leads", async (route) => {
      sent.push(route.request().postDataJSON());
      await route.fulfill({
        status: 202,
        contentType: "application/json",
        body: JSON.stringify({ status: "accepted" }),
      });
    });
    await page.goto("/hi/book-an-appointment");
    const form = page.getByRole("main").locator("form");
    await form.getByRole("button", { name: "अपॉइंटमेंट बुक करें" }).click();
    await form.getByText("नाम आवश्यक है").waitFor();
    expect(await form.getByText("मोबाइल नंबर आवश्यक है").count()).toBe(1);
    await page.getByRole("status").filter({ hasText: "कृपया आवश्यक जानकारी सही-सही भरें।" }).waitFor();
    await form.getByLabel("पूरा नाम").fill("र");
    await form.getByLabel("मोबाइल नंबर").fill("12345");
    await form.getByLabel("पूरा नाम").blur();
    await form.getByText("नाम कम से कम 2 अक्षरों का होना चाहिए").waitFor();
    await form.getByText("कृपया 10 अंकों का सही मोबाइल नंबर दर्ज करें").first().waitFor();
    // A Hindi name and a number typed in Devanagari digits are accepted as they are.
    await form.getByLabel("पूरा नाम").fill("सीता देवी");
    await form.getByLabel("मोबाइल नंबर").fill("९८७६५४३२१०");
    await form.getByLabel("ईमेल", { exact: true }).fill("sita@example.com");
    await form.getByLabel("स्थान").selectOption({ label: "हैदराबाद" });
    await form.getByLabel("विभाग").selectOption({ label: "कार्डियोलॉजी" });
    await form.getByRole("button", { name: "अपॉइंटमेंट बुक करें" }).click();
    await page.waitForURL("**/hi/thank-you");
    expect(sent).toMatchObject([
      {
        form: "booking",
        // Devanagari digits go as the ten digits 0-9 the CRM dials.
        values: { name: "सीता देवी", mobile: "9876543210", location: "Hyderabad", department: "Cardiology" },
        context: { language: "hi", page: "/hi/book-an-appointment" },
      },
    ]);
    expect(errors).toEqual([]);
  });
});
