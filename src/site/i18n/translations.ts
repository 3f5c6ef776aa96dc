/**
 * The translation files of site-config/i18n/{lang}/, each loaded on its own when a page in that
 * language needs it, so a Telugu page fetches Telugu texts for what it shows and nothing else, and
 * an English page fetches none.
 *
 * Treatments' translations are not among them (i18n/{lang}/collections/{stem}.json, or {stem}/ of a
 * collection folder): one chunk would hold a whole collection's texts. The build publishes each
 * treatment's texts on their own (src/site/collections/treatment-texts.ts loads them).
 */
import type { Translation } from "../../shared/generated/translation";
import { type Translated, translateDocument } from "../../shared/i18n/keys";
import { translationPath } from "../../shared/i18n/languages";
import { fulfilled, memoLoader, type Tracked } from "../tracked";
import { addMessageAsts } from "./format";
import { defaultLanguage } from "./languages";

const modules = import.meta.glob<Translation>(
  [
    "../../../site-config/i18n/*/**/*.json",
    "!../../../site-config/i18n/*/collections/*-sub-departments.json",
    "!../../../site-config/i18n/*/collections/*-sub-departments/**",
  ],
  { import: "default" },
);
const prefix = "../../../site-config/";

/** Translation files by path under site-config/ ('i18n/te/pages/home.json'). */
const loaders = new Map(Object.entries(modules).map(([module, load]) => [module.slice(prefix.length), load]));

/** The translated strings of an English file (by path under site-config/: 'pages/home.json'). */
export const loadStrings: (key: string) => Tracked<Readonly<Record<string, string>>> = memoLoader(
  async (key: string) => {
    const [lang, file] = key.split("\u0000");
    const load = loaders.get(translationPath(file, lang));
    if (!load) return {};
    const translation = await load();
    addMessageAsts((translation as { asts?: unknown }).asts);
    return translation.strings;
  },
);

const none = fulfilled<Readonly<Record<string, string>>>({});

/** Strings of `file` in `lang` (none, at once, in the default language). */
export const stringsOf = (file: string, lang: string) =>
  lang === defaultLanguage ? none : loadStrings(`${lang}\u0000${file}`);

/** Whether `file` has a translation into `lang` (the editor's list, and the preview). */
export const hasTranslation = (file: string, lang: string) => loaders.has(translationPath(file, lang));

/** `doc` in `lang`: its translated texts, English for the rest (listed in `english`). */
export async function translated<T>(doc: T, file: string, lang: string): Promise<Translated<T>> {
  if (lang === defaultLanguage) return { doc, english: [] };
  return translateDocument(doc, await stringsOf(file, lang));
}
