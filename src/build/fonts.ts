/**
 * The fonts of languages whose script the site's system font stack cannot be trusted with: Noto
 * Sans Telugu and Noto Sans Devanagari (the variable fonts of @fontsource-variable), self-hosted,
 * subset to the characters the language's texts use, each with a small stylesheet that declares it
 * and puts it first in the page's font stack. `font-display: block`: the page's text waits for
 * the font (preloaded by the page's head, 25 KB; three seconds at most, then a system font) rather
 * than being drawn at once in whatever the system has and redrawn when the font comes: on a
 * machine without a Telugu font its letters are boxes of other widths, lines broke elsewhere and
 * the page shifted (Lighthouse's layout shift 0.15 on /te/home once the page's styles came in one
 * file and the first paint no longer waited for the font by chance). `fallback` (a tenth of a
 * second's wait) still shifted the page on a busy machine. Only pages in that language link the stylesheet
 * (src/build/prerender/document.ts), so an English page loads no Telugu or Devanagari font.
 *
 * One weight, the regular (400), pinned from the variable font: the 400–700 range kept the
 * variation tables, nearly twice the bytes (Telugu: 24.7 KB against 48 KB), and the regular alone
 * keeps a Telugu page's fonts (this one and the language names', language-names-font.ts) under
 * 30 KB on a phone. Bold text (headings, buttons) is the browser's synthesised bold of that face: the
 * face is declared at weight 400 only, and `font-synthesis` (its default, weight and style, said
 * in the stylesheet) lets the browser embolden it rather than fall back to another font. The
 * subset keeps the layout rules (GSUB, GPOS) of its characters, so conjuncts and vowel signs
 * shape as with the whole font (tests/browser/font-subset.test.ts compares them in Chromium).
 *
 * Subsetting a font takes a few seconds (harfbuzz), so each result is kept in the build cache by
 * the hash of the font and the characters: a build whose Telugu texts did not change gains no time.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { siteLanguages } from "../shared/i18n/languages.ts";
import { cachedSubsetFile, fontsByLanguage, hash } from "../shared/social/script-fonts.ts";

// Where they were first defined; the social cards (src/shared/social/) draw with them too.
export { cachedSubsetFile, fontsByLanguage, hash, type ScriptFont } from "../shared/social/script-fonts.ts";

/**
 * Characters every subset keeps beside the texts' own: the joiners that choose a conjunct's form,
 * and the dotted circle a shaper shows under a stray vowel sign.
 */
const alwaysKept = "\u200c\u200d\u25cc";

/** The one weight a page font is pinned at (see above). */
export const pageFontWeight = 400;

/** What a language's pages link: its stylesheet and its font, as paths on the site. */
export interface LanguageFont {
  stylesheet: string;
  font: string;
  /** The font file's size in bytes. */
  bytes: number;
}

const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : [],
      )
    : [];

/** A translation file's letters in its language's script, by file, with the size and time they were read at. */
export type LetterCache = Record<string, { stamp: string; letters: string }>;

const inBlock = (text: string, block: [number, number]) =>
  [...new Set(text)].filter((c) => {
    const point = c.codePointAt(0) as number;
    return point >= block[0] && point <= block[1];
  });

/**
 * The characters of a language's script its texts use (its translations and its own name). With
 * `cache` (kept between builds), a file whose size and time are unchanged is not read again: a
 * site with 10,000 translated treatments has 10,000 translation files per language. `cache` is
 * left holding the files read now.
 */
export function charactersOf(
  siteRoot: string,
  code: string,
  name: string,
  block: [number, number],
  cache?: LetterCache,
): string {
  const letters = new Set(inBlock(name, block));
  const before = { ...cache };
  if (cache) for (const file of Object.keys(cache)) delete cache[file];
  for (const file of walk(path.join(siteRoot, "i18n", code))) {
    const stat = statSync(file);
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    let found = before[file]?.stamp === stamp ? before[file].letters : undefined;
    if (found === undefined) {
      const strings = (JSON.parse(readFileSync(file, "utf8")) as { strings?: Record<string, unknown> }).strings ?? {};
      found = inBlock(
        Object.values(strings)
          .filter((v) => typeof v === "string")
          .join(""),
        block,
      ).join("");
    }
    if (cache) cache[file] = { stamp, letters: found };
    for (const letter of found) letters.add(letter);
  }
  return (
    withDecompositions([...letters])
      .sort()
      .join("") + alwaysKept
  );
}

/**
 * `letters` and the parts each decomposes into (Unicode's canonical decomposition): a shaper
 * splits a letter into them before it applies the font's rules (harfbuzz writes Telugu's ై as
 * ె and ౖ, and పై is drawn by a rule on those), while a subsetter keeps only the glyphs reached
 * from the letters it is given. Without the parts, పై lost its own glyph and was drawn from two.
 */
export function withDecompositions(letters: string[]): string[] {
  return [...new Set(letters.flatMap((letter) => [letter, ...letter.normalize("NFD")]))];
}

export const slug = (family: string) => family.toLowerCase().replace(/\s+/g, "-");

/** A font's characters ranges for `unicode-range`: its script's block, and the joiners it keeps. */
export function unicodeRange(block: [number, number]): string {
  const [from, to] = block.map((n) => n.toString(16).toUpperCase().padStart(4, "0"));
  return `U+${from}-${to},U+200C-200D,U+25CC`;
}

/** `cachedSubsetFile`'s WOFF2 font, its bytes. */
export async function cachedSubset(
  source: Buffer,
  characters: string,
  wght: number | { min: number; max: number },
  cacheDir: string,
  name: string,
): Promise<Buffer> {
  return readFileSync(await cachedSubsetFile(source, characters, wght, cacheDir, name));
}

/**
 * Writes each language's subset font and stylesheet under `outDir`/assets/fonts/ and returns
 * what its pages link, by language code.
 */
export async function buildLanguageFonts(
  root: string,
  outDir: string,
  cacheDir: string,
  /** false (`npm run build -- --force`): read every translation file again for its letters. */
  reuseLetters = true,
): Promise<Record<string, LanguageFont>> {
  const siteRoot = path.join(root, "site-config");
  const site = JSON.parse(readFileSync(path.join(siteRoot, "site.json"), "utf8"));
  const require = createRequire(path.join(root, "package.json"));
  const fontsDir = path.join(outDir, "assets", "fonts");
  mkdirSync(fontsDir, { recursive: true });
  const result: Record<string, LanguageFont> = {};
  for (const language of siteLanguages(site)) {
    const spec = fontsByLanguage[language.code];
    if (!spec) continue;
    const source = readFileSync(require.resolve(spec.file));
    const lettersFile = path.join(cacheDir, `letters-${language.code}.json`);
    let letters: LetterCache = {};
    try {
      if (reuseLetters) letters = JSON.parse(readFileSync(lettersFile, "utf8"));
    } catch {
      // No cache yet, or a broken one: every file is read.
    }
    const characters = charactersOf(siteRoot, language.code, language.name, spec.block, letters);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(lettersFile, JSON.stringify(letters));
    const font = await cachedSubset(source, characters, pageFontWeight, cacheDir, slug(spec.family));
    const fontName = `${slug(spec.family)}-${hash(font)}.woff2`;
    writeFileSync(path.join(fontsDir, fontName), font);
    const css = [
      `@font-face{font-family:"${spec.family}";font-style:normal;font-weight:${pageFontWeight};font-display:block;`,
      `src:url(/assets/fonts/${fontName}) format("woff2");unicode-range:${unicodeRange(spec.block)}}`,
      `:root{--font-body:"${spec.family}",var(--font-system);font-synthesis:weight style}\n`,
    ].join("");
    const cssName = `${language.code}-${hash(css)}.css`;
    writeFileSync(path.join(fontsDir, cssName), css);
    result[language.code] = {
      stylesheet: `/assets/fonts/${cssName}`,
      font: `/assets/fonts/${fontName}`,
      bytes: font.length,
    };
  }
  return result;
}
