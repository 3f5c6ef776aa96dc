/**
 * The Telugu page font the build ships (src/build/fonts.ts: the site's Telugu letters, one weight)
 * against the whole Noto Sans Telugu: every Telugu text of the site, shaped by harfbuzz (the build
 * of it the subsetter uses), comes out as the same glyphs (outlines compared point for point) at the
 * same positions, conjuncts and vowel signs included; and a Telugu page's fonts stay under issue
 * 28's budget.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import subsetFont from "subset-font";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLanguageFonts, charactersOf, fontsByLanguage, pageFontWeight } from "../../src/build/fonts";
import { languageNamesFont } from "../../src/build/language-names-font";

const root = path.resolve(import.meta.dirname, "../..");
const siteRoot = path.join(root, "site-config");
const temporary = mkdtempSync(path.join(os.tmpdir(), "font-subset-"));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const spec = fontsByLanguage.te;
const require = createRequire(path.join(root, "package.json"));
const whole = readFileSync(require.resolve(spec.file));
// The harfbuzz and the WOFF2 decoder subset-font itself uses.
const fromSubsetter = createRequire(require.resolve("subset-font"));

/** The parts of harfbuzzjs used here. */
interface HarfBuzz {
  Blob: new (data: Uint8Array) => object;
  Face: new (blob: object, index: number) => object;
  Font: new (face: object) => { glyphToPath(glyph: number): string; setVariations(variations: object[]): void };
  Buffer: new () => {
    addText(text: string): void;
    guessSegmentProperties(): void;
    getGlyphInfos(): { codepoint: number }[];
    getGlyphPositions(): { xAdvance: number; xOffset: number; yOffset: number }[];
  };
  Variation: new (tag: string, value: number) => object;
  shape(font: object, buffer: object): void;
}

let hb: HarfBuzz;
let toTrueType: (font: Buffer) => Promise<Buffer>;

beforeAll(async () => {
  const module = await import(fromSubsetter.resolve("harfbuzzjs"));
  hb = await (module.default ?? module);
  const fontverter = fromSubsetter("fontverter") as { convert(font: Buffer, format: string): Promise<Buffer> };
  toTrueType = (font) => fontverter.convert(font, "truetype");
});

/**
 * Shapes Telugu text: each glyph as its outline and where it is drawn, one line per glyph. A glyph
 * with no outline and no advance is left out: a joiner is such a glyph in the whole font, and
 * nothing at all in a subset without a space glyph to show it with (harfbuzz then removes it).
 */
async function shaper(font: Buffer): Promise<(text: string) => string[]> {
  const face = new hb.Face(new hb.Blob(await toTrueType(font)), 0);
  const shaping = new hb.Font(face);
  // The whole font is variable: shaped at the weight the subset is pinned at.
  shaping.setVariations([new hb.Variation("wght", pageFontWeight)]);
  const outlines = new Map<number, string>();
  return (text) => {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(shaping, buffer);
    const positions = buffer.getGlyphPositions();
    return buffer
      .getGlyphInfos()
      .map(({ codepoint: glyph }, i) => {
        const outline = outlines.get(glyph) ?? shaping.glyphToPath(glyph);
        outlines.set(glyph, outline);
        const { xAdvance, xOffset, yOffset } = positions[i];
        return `${xAdvance} ${xOffset} ${yOffset} ${outline}`;
      })
      .filter((glyph) => glyph !== "0 0 0 ");
  };
}

/** Every Telugu string of the site's translations, split at characters outside the Telugu block. */
function teluguTexts(): string[] {
  const files = readdirSync(path.join(siteRoot, "i18n/te"), { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".json"),
  );
  const texts = new Set<string>();
  for (const file of files) {
    const { strings = {} } = JSON.parse(readFileSync(path.join(siteRoot, "i18n/te", file), "utf8"));
    for (const value of Object.values(strings))
      if (typeof value === "string")
        for (const run of value.match(/[\u0c00-\u0c7f\u200c\u200d]+/g) ?? []) texts.add(run);
  }
  return [...texts];
}

/** Texts whose glyphs differ between two fonts. */
async function differing(font: Buffer, texts: string[]): Promise<string[]> {
  const [reference, shaped] = [await shaper(whole), await shaper(font)];
  return texts.filter((text) => reference(text).join("\n") !== shaped(text).join("\n"));
}

describe("the Telugu page font", () => {
  const conjuncts = ["ఆంధ్రప్రదేశ్", "అనుభవజ్ఞులైన", "స్పెషలిస్టులు", "అత్యవసర", "చికిత్స", "డయాగ్నస్టిక్స్"];

  it("shapes every Telugu text of the site as the whole font does: same glyphs, outlines and places", async () => {
    const fonts = await buildLanguageFonts(root, path.join(temporary, "dist"), path.join(temporary, "cache"));
    const font = readFileSync(path.join(temporary, "dist", fonts.te.font));
    const texts = teluguTexts();
    expect(texts.length).toBeGreaterThan(500);
    for (const word of conjuncts)
      expect(
        texts.some((t) => t.includes(word)),
        word,
      ).toBe(true);
    expect(await differing(font, texts)).toEqual([]);
  });

  it("would be caught otherwise: without the layout rules' glyphs, conjuncts shape differently", async () => {
    const characters = charactersOf(siteRoot, "te", "తెలుగు", spec.block);
    const broken = await subsetFont(whole, characters, {
      targetFormat: "woff2",
      variationAxes: { wght: pageFontWeight },
      noLayoutClosure: true,
    });
    expect(await differing(broken, conjuncts)).toEqual(conjuncts);
  });

  it("and the language names' faces come to at most 30 KB, what /te/home loads", async () => {
    const fonts = await buildLanguageFonts(root, path.join(temporary, "dist"), path.join(temporary, "cache"));
    const names = await languageNamesFont(root, path.join(temporary, "cache"));
    const bytes = fonts.te.bytes + names.faces.reduce((n, face) => n + face.font.length, 0);
    expect(bytes).toBeLessThanOrEqual(30 * 1024);
  });
});
