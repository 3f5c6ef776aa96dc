/**
 * What a page in another language than the default needs to show its translations: the loaders of
 * the translation files (translations.ts, a map of every file) and the key walker that applies
 * one (keys.ts). A chunk of its own, which lazy-translations.ts loads on such a page's first need,
 * so a page in the default language never fetches it.
 */
export { translateDocument } from "../../shared/i18n/keys";
export { stringsOf, translated } from "./translations";
