/**
 * The language switcher's names in their own scripts on every page, whatever fonts the machine has:
 * this container's Chromium has no Telugu or Devanagari system font, so a name the page's own font
 * does not cover would be boxes. Checked where the glyphs come from (Chromium's DevTools protocol
 * names the fonts each element's text was drawn with: a web font, never a system fallback) and by
 * what they look like (the name is not as wide as the same text drawn in a font without it).
 */
import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts Chromium drew the text of each switcher link with, by the link's text. */
async function switcherFonts(page: Page, cdp: CDPSession): Promise<Record<string, PlatformFont[]>> {
  const { root } = (await cdp.send("DOM.getDocument", { depth: -1 })) as { root: { nodeId: number } };
  const { nodeIds } = (await cdp.send("DOM.querySelectorAll", {
    nodeId: root.nodeId,
    selector: ".language-switcher__link",
  })) as { nodeIds: number[] };
  const texts = await page.locator(".language-switcher__link").allTextContents();
  const result: Record<string, PlatformFont[]> = {};
  for (const [i, nodeId] of nodeIds.entries()) {
    const { fonts } = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })) as { fonts: PlatformFont[] };
    result[texts[i]] = fonts;
  }
  return result;
}

/** The names' faces each route loads, by script: the page's own language's name is in the page's font. */
const namesFaces: Record<string, { telugu: string; devanagari: string; others: string }> = {
  "/home": { telugu: "loaded", devanagari: "loaded", others: "తెలుగు हिन्दी" },
  "/te/home": { telugu: "unloaded", devanagari: "loaded", others: "हिन्दी" },
  "/hi/home": { telugu: "loaded", devanagari: "unloaded", others: "తెలుగు" },
};

describe("the language switcher's names", () => {
  for (const [route, expected] of Object.entries(namesFaces))
    it(`are drawn in web fonts, not as boxes, on ${route}`, async () => {
      const { page, context, errors } = await harness.newPage({ width: 1280, height: 800 });
      const fonts: { url: string; bytes: number }[] = [];
      page.on("response", async (r) => {
        if (r.request().resourceType() === "font")
          fonts.push({ url: new URL(r.url()).pathname, bytes: (await r.body()).length });
      });
      await page.goto(route);
      await page.evaluate(() => document.fonts.ready);
      // The names' faces are declared on every page; a page preloads and loads those of the other
      // languages' names (its own language's name is drawn in its own font).
      expect(
        await page.evaluate(() =>
          [...document.fonts].filter((f) => f.family.replaceAll('"', "") === "Language names").map((f) => f.status),
        ),
      ).toEqual([expected.telugu, expected.devanagari]);
      expect(
        await page.evaluate((others) => document.fonts.check('600 14px "Language names"', others), expected.others),
      ).toBe(true);

      const cdp = await context.newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const drawn = await switcherFonts(page, cdp);
      expect(Object.keys(drawn)).toEqual(["English", "తెలుగు", "हिन्दी"]);
      for (const name of ["తెలుగు", "हिन्दी"]) {
        expect(drawn[name].length, name).toBeGreaterThan(0);
        expect(
          drawn[name].every((f) => f.isCustomFont),
          `${name}: ${JSON.stringify(drawn[name])}`,
        ).toBe(true);
      }

      // Drawn, the other languages' names are not the boxes of a font without them: their widths differ.
      const widths = await page.evaluate((others) => {
        const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
        const width = (font: string, text: string) => {
          context.font = font;
          return context.measureText(text).width;
        };
        return others.split(" ").map((name) => ({
          named: width('600 14px "Language names", sans-serif', name),
          fallback: width("600 14px sans-serif", name),
        }));
      }, expected.others);
      for (const { named, fallback } of widths) expect(named).not.toBeCloseTo(fallback, 0);

      // The names' faces are small: a few kilobytes each, not a script's whole font.
      const names = fonts.filter((f) => f.url.includes("/names-"));
      expect(names.length).toBeGreaterThan(0);
      for (const face of names) expect(face.bytes, face.url).toBeLessThan(5 * 1024);
      expect(errors).toEqual([]);
    });
});
