/**
 * A treatment's texts in the page's language, one treatment at a time
 * (`assets/data/{lang}/{stem}/{slug}.json`, see src/shared/collections/data-files.ts), so no
 * chunk or request ever holds a whole collection's translation:
 *
 * - a prerendered page carries its own treatment's texts (hydration.ts), so it hydrates in its
 *   language with no request, and never shows English first;
 * - a treatment reached by a client-side move is fetched only when its English data file says it
 *   is translated into the language (`translated`): the browser never asks for a file that does
 *   not exist (a 404 is a console error);
 * - a fetch that fails falls back to the built-in copy, logged as load.ts logs a data file, and
 *   when neither loads the treatment shows in English, each text marked lang="en".
 */
import { dataPaths, type TreatmentData, type TreatmentTranslationData } from "../../shared/collections/data-files";
import { defaultLanguage } from "../i18n/languages";
import { fulfilled, type Tracked } from "../tracked";
import { messages } from "../ui/renderer-text";
import { cachedLoader, fetchJson, importBuiltIn, LoadError } from "./fetch-data";
import { onHydration } from "./hydration";

/** Texts by key, keyed from the treatment ('content.h1'). */
export type TreatmentTexts = Readonly<Record<string, string>>;

const none: Tracked<TreatmentTexts> = fulfilled({});

const textsKey = (lang: string, file: string, slug: string) => `${lang}\n${file}\n${slug}`;

const holdsStrings = (data: unknown): data is TreatmentTranslationData =>
  typeof data === "object" &&
  data !== null &&
  typeof (data as { strings?: unknown }).strings === "object" &&
  (data as { strings?: unknown }).strings !== null;

const loadTexts = cachedLoader(async (key: string): Promise<TreatmentTexts> => {
  const [lang, file, slug] = key.split("\n");
  const path = dataPaths.translation(lang, file, slug);
  try {
    const data = await fetchJson<TreatmentTranslationData>(path);
    if (!holdsStrings(data)) throw new LoadError(path, `/${path} is missing or holds no texts`);
    return data.strings;
  } catch (error) {
    console.error(messages.dataLoadFailed(path), error);
  }
  const builtIn = dataPaths.builtInTranslation(lang, file, slug);
  try {
    const data = await importBuiltIn(builtIn);
    if (holdsStrings(data)) return data.strings;
    throw new Error(`${builtIn} holds no texts`);
  } catch (error) {
    console.error(messages.translationLoadFailed(builtIn, lang), error);
    return {};
  }
});

/**
 * The texts in `lang` of the treatment `data` (its data file, or what its page carries): at once
 * when they are known (carried by the page, loaded before) or there are none, else loaded.
 */
export function treatmentTexts(file: string, data: TreatmentData, lang: string): Tracked<TreatmentTexts> {
  const slug = data.sub_departments[0]?.slug;
  if (lang === defaultLanguage || !slug) return none;
  const key = textsKey(lang, file, slug);
  if (!loadTexts.has(key) && !data.translated?.includes(lang)) return none;
  return loadTexts(key);
}

/** Forgets every treatment's texts (between prerendered pages, and tests). */
export function clearTreatmentTexts() {
  loadTexts.clear();
}

// A prerendered page's own treatment in its language: what it was rendered with.
onHydration((_path, payload) => {
  const treatment = payload.treatment;
  const slug = treatment?.data.sub_departments[0]?.slug;
  if (!treatment?.translation || !slug) return;
  loadTexts.seed(textsKey(treatment.translation.lang, treatment.file, slug), treatment.translation.strings);
});
