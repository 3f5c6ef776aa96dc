/**
 * Every prerendered Telugu and Hindi page of the build, read as a screen reader would: any text in
 * Latin letters must sit inside an element marked lang="en" (so it is read in an English voice,
 * WCAG 3.1.2), the brand names site.json lists aside. Text nodes and the attributes read aloud
 * (alt, aria-label, placeholder, title) count; scripts, styles and the document's head do not.
 * Every text is translated (drafts), so no English is left at all but people's names; and what
 * only the browser shows (the doctors, the forms' messages) is read the same way in Chromium.
 * Runs against the built site (npm run build first).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dist, englishTexts, englishWords, pagesOf, site, unmarkedEnglish } from "../helpers/english-text";
import { type Harness, startHarness } from "./harness";

const translated = site.languages.map((l) => l.code).filter((code) => code !== "en");

/**
 * English that is meant to stay on a Telugu or Hindi page, marked lang="en": the language switcher's
 * "English", and people's names (doctors and leaders, shown as they write them).
 */
const deliberate = (text: string) => site.languages.some((l) => l.name === text) || /^(Dr|Mr|Ms|Mrs)\.\s/.test(text);

describe("English on Telugu and Hindi pages", () => {
  it.each(translated)('is marked lang="en" on every %s page, brand names aside', (code) => {
    if (!existsSync(path.join(dist, code))) throw new Error(`dist/${code} has no pages. Run 'npm run build' first.`);
    const pages = pagesOf(code);
    expect(pages.length).toBeGreaterThan(20);
    const problems = pages.flatMap((file) =>
      unmarkedEnglish(readFileSync(file, "utf8")).map((p) => `/${path.relative(dist, path.dirname(file))} ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it.each(translated)('shows no English on any %s page but names, marked lang="en"', (code) => {
    // Every text is translated (drafts awaiting a native speaker): what is left is on purpose.
    const left = pagesOf(code).flatMap((file) =>
      englishTexts(readFileSync(file, "utf8"))
        .filter((t) => !(t.marked && deliberate(t.text)))
        .map((t) => `/${path.relative(dist, path.dirname(file))} ${t.where}: "${t.text.slice(0, 80)}"`),
    );
    expect(left).toEqual([]);
  });

  it("sees English that is not marked, and lets brand names and marked text be", () => {
    expect(unmarkedEnglish('<html lang="te"><body><p>మోకాలి Knee</p></body></html>')).toEqual(['p: "మోకాలి Knee"']);
    expect(unmarkedEnglish('<html lang="te"><body><img alt="Logo"><p lang="en">Knee</p></body></html>')).toEqual([
      'img[alt]: "Logo"',
    ]);
    expect(englishWords(`${site.brandNames?.[0] ?? ""} care@hospitals.example ౧౨ ECG ECGs HbA1c T3 (CT)`)).toEqual([]);
    expect(englishWords("MBBS, MD (General Medicine)")).toEqual(["General", "Medicine"]);
  });
});

describe("Telugu and Hindi pages once the app has run", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** The English left in the page as it is now, but the names that stay English on purpose. */
  const englishLeft = (html: string) =>
    englishTexts(html)
      .filter((t) => !(t.marked && deliberate(t.text)))
      .map((t) => `${t.where}${t.marked ? "" : " (unmarked)"}: "${t.text.slice(0, 80)}"`);

  // What only the browser shows: the doctors loaded on demand with their filters, and the forms'
  // messages (a submit with a mobile number and an e-mail address that are not ones).
  it.each(translated)("show the doctors, their filters and the forms' messages in %s", async (code) => {
    const { page, errors } = await harness.newPage();
    await page.route("**/api/leads", (route) => route.abort());
    const left: string[] = [];
    await page.goto(`/${code}/our-doctors`, { waitUntil: "networkidle" });
    await page.locator(".doctor-card").first().waitFor();
    left.push(...englishLeft(await page.content()).map((t) => `/our-doctors ${t}`));
    for (const route of ["/book-an-appointment", "/get-a-second-opinion", "/contact-us", "/feedback"]) {
      await page.goto(`/${code}${route}`, { waitUntil: "networkidle" });
      const form = page.getByRole("main").locator("form").first();
      await form.locator('input[type="tel"]').fill("12");
      await form.locator('input[type="email"]').fill("not-an-address");
      await form.locator("button").last().click();
      await form.locator('[aria-invalid="true"]').first().waitFor();
      left.push(...englishLeft(await page.content()).map((t) => `${route} ${t}`));
    }
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });
});
