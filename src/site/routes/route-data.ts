/**
 * What each route needs before it can render — its page's content, the code of its blocks, the
 * entries of an 'each' page, the treatment page's code — as memoised loaders. The browser awaits
 * them before hydrating (so the first render matches the prerendered HTML), and on a link's
 * hover, focus or touch (so the click usually finds everything there).
 */
import { preloadBlocks } from "../blocks/BlockList";
import { loadPage } from "../config/pages";
import { loadEntries } from "../entries/entries";
import { loadFullFormat, needsFullFormatIn } from "../i18n/format";
import { defaultLanguage } from "../i18n/languages";
import { layoutConfig } from "../i18n/layout-config";
import { loadRuntime, translatedIn } from "../i18n/lazy-translations";
import { memoLoader } from "../tracked";

const loadTranslatedPage = memoLoader(async (key: string) => {
  const [lang, file] = key.split("\u0000");
  const english = await loadPage(file);
  // The layout's config in the page's language comes with it: a page reached first (the one
  // being hydrated, or a language's first page) needs both to render.
  const [{ doc: page, english: untranslated }] = await Promise.all([
    translatedIn(english, file.replace(/^site-config\//, ""), lang),
    layoutConfig(lang),
    preloadBlocks(english.blocks),
    // The translations of the lists its blocks show (blog posts, packages, doctors).
    lang === defaultLanguage ? undefined : loadRuntime().then((runtime) => runtime.preloadListStrings(english, lang)),
    english.each ? loadEntries(english.each) : undefined,
    // A page text with a plural in it (its translations have the same placeholders).
    needsFullFormatIn(english) ? loadFullFormat() : undefined,
  ]);
  return { page, english: untranslated };
});

/**
 * A page's content in `lang` (with the texts left in English listed), the code of its blocks,
 * and its entries, for an 'each' page.
 */
export const loadPageRoute = (file: string, lang: string) => loadTranslatedPage(`${lang}\u0000${file}`);

const loadTreatment = memoLoader(async (key: string) => {
  const [lang, file] = key.split("\u0000");
  const module = await import("./TreatmentPage");
  const presentation = module.presentationOf(file);
  await Promise.all([
    preloadBlocks(presentation.template),
    layoutConfig(lang),
    // The template's texts (and with them the translation runtime); the treatment's own come with
    // its data (treatment-texts.ts).
    module.presentationStrings(file, lang),
    // The translations of the lists its blocks show, if any.
    lang === defaultLanguage
      ? undefined
      : loadRuntime().then((runtime) => runtime.preloadListStrings({ blocks: presentation.template }, lang)),
    needsFullFormatIn(presentation) ? loadFullFormat() : undefined,
  ]);
  return { TreatmentPage: module.TreatmentPage, presentation };
});

/**
 * The treatment page's code, its presentation config, the code of its template's blocks and, in
 * another language than the default, its presentation's translation.
 */
export const loadTreatmentRoute = (file: string, lang: string) => loadTreatment(`${lang}\u0000${file}`);
