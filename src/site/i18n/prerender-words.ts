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

/** The prerenderer's interface words in `lang` (English where a text is not translated). */
export async function prerenderWordsIn(lang: string): Promise<PrerenderWords> {
  return (await translatedIn(words, "interface.json", lang)).doc;
}
