/**
 * What a page in another language than the default needs to show its translations: the loaders of
 * the translation files (translations.ts, a map of every file), the key walker that applies one
 * (keys.ts), the layout's config translated (translated-layout.ts), the lists' translations a
 * page's blocks show (list-files.ts) and the walker finding a block's texts (texts.ts: a block
 * left wholly in English is marked so, BlockList.tsx). A chunk of its own, which lazy-translations.ts loads on such a page's first need,
 * so a page in the default language never fetches it.
 */
export { translateDocument } from "../../shared/i18n/keys";
export { documentTexts } from "../../shared/i18n/texts";
export { preloadListStrings } from "./list-files";
export { splitWords, translatedLayout } from "./translated-layout";
export { stringsOf, translated } from "./translations";
