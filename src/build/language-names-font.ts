/**
 * The languages' names in a font of their own. The language switcher shows every language by its
 * own name on every page ("తెలుగు", "हिन्दी"), but a page loads only its own language's font
 * (fonts.ts): on a machine with no Telugu or Devanagari font of its own, the names in the other
 * scripts would show as boxes. Per script, its Noto Sans font subset to the characters of the
 * names in that script, pinned at the switcher's weight: some 1.6 KB (Telugu) and 2.4 KB
 * (Devanagari) of WOFF2. One family, one face per script with its `unicode-range`, so a browser
 * fetches a face only if the names it shows need it. Cached as the languages' fonts are.
 *
 * A page in a language with a font of its own shows its own name in that font (it has the name's
 * letters, fonts.ts) and does not preload or fetch that script's face here (document.ts).
 *
 * `font-display: optional`: the faces are preloaded by every page (index.html), so Chromium holds
 * the first paint for them a moment (a tenth of a second at most) and then never swaps them in
 * later. With `swap`, a face that came after the first paint changed the names' widths and moved
 * the links beside them (a layout shift of 0.001 in Lighthouse on a busy machine). A face that
 * misses that moment leaves the names in the device's own fonts for that page view (boxes on a
 * device with no Telugu or Devanagari font), and is there, cached, for the next.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { siteLanguages } from "../shared/i18n/languages.ts";
import {
  cachedSubset,
  fontsByLanguage,
  hash,
  type ScriptFont,
  slug,
  unicodeRange,
  withDecompositions,
} from "./fonts.ts";

/** The family the switcher's links name first (src/site/layout/language-switcher/language-switcher.css). */
export const languageNamesFamily = "Language names";
/** The switcher's font weight: the faces are pinned to it (a third smaller than the 400–700 range). */
const weight = 600;

/** The names' fonts: each face's file, the stylesheet declaring them, as files under the site's assets. */
export interface LanguageNamesFont {
  faces: { fileName: string; font: Buffer }[];
  stylesheet: { fileName: string; css: string };
}

/** The characters of `block` in the languages' names, or '' when none is written in that script. */
function namesIn(names: string[], block: ScriptFont["block"]): string {
  const inBlock = [...new Set(names.join(""))].filter((c) => {
    const point = c.codePointAt(0) as number;
    return (point >= block[0] && point <= block[1]) || c === "\u200c" || c === "\u200d";
  });
  return inBlock.some((c) => c !== "\u200c" && c !== "\u200d") ? withDecompositions(inBlock).sort().join("") : "";
}

/** The names' faces and their stylesheet, for the languages of the site at `root` (under `base`). */
export async function languageNamesFont(root: string, cacheDir: string, base = "/"): Promise<LanguageNamesFont> {
  const site = JSON.parse(readFileSync(path.join(root, "site-config", "site.json"), "utf8"));
  const names = siteLanguages(site).map((l) => l.name);
  const require = createRequire(path.join(root, "package.json"));
  const faces: LanguageNamesFont["faces"] = [];
  const rules: string[] = [];
  // One face per script, whichever languages write their names in it.
  const scripts = [...new Map(Object.values(fontsByLanguage).map((f) => [f.family, f])).values()];
  for (const script of scripts) {
    const characters = namesIn(names, script.block);
    if (!characters) continue;
    const source = readFileSync(require.resolve(script.file));
    const font = await cachedSubset(source, characters, weight, cacheDir, `names-${slug(script.family)}`);
    const fileName = `assets/fonts/names-${slug(script.family)}-${hash(font)}.woff2`;
    faces.push({ fileName, font });
    rules.push(
      `@font-face{font-family:"${languageNamesFamily}";font-style:normal;font-weight:${weight};font-display:optional;` +
        `src:url(${base}${fileName}) format("woff2");unicode-range:${unicodeRange(script.block)}}\n`,
    );
  }
  const css = rules.join("");
  return { faces, stylesheet: { fileName: `assets/fonts/language-names-${hash(css)}.css`, css } };
}
