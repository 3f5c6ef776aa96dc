/**
 * The interface words only the prerenderer shows: the breadcrumbs' names search engines read
 * (JSON-LD), the line above a title on link preview cards. Reached only through the site's public
 * face (src/site/index.ts), so no browser loads them.
 */
import type { PrerenderWords } from "../config/interface-words";
import { addMessageAsts } from "./format";
import { translatedIn } from "./lazy-translations";

const json = import.meta.glob<PrerenderWords>("../../../site-config/interface.json", {
  eager: true,
  import: "default",
  query: "?pick=breadcrumbs,cards",
});
// Their messages, parsed by the build (none elsewhere: messages are parsed as they are met).
const asts = import.meta.glob("../../../site-config/interface.json", {
  eager: true,
  import: "default",
  query: "?asts=breadcrumbs,cards",
});
addMessageAsts(Object.values(asts)[0]);

const words: PrerenderWords = Object.values(json)[0];

/** Each language's words, translated once: every page's head asks for them (thousands of pages). */
const wordsByLang = new Map<string, Promise<PrerenderWords>>();

/** The prerenderer's interface words in `lang` (English where a text is not translated). */
export function prerenderWordsIn(lang: string): Promise<PrerenderWords> {
  let found = wordsByLang.get(lang);
  if (!found) {
    found = translatedIn(words, "interface.json", lang).then((translated) => translated.doc);
    // A failed load is not kept: the next page asks again.
    found.catch(() => wordsByLang.delete(lang));
    wordsByLang.set(lang, found);
  }
  return found;
}
