/**
 * The config every page's layout shows (site settings, header, footer, branches, specialities and
 * the interface words), in one language. The default language's are the config modules' own
 * objects, as the editor's preview expects (it edits them in place); another language's are
 * translated copies, loaded once per language.
 */
import { interfaceWords } from "../config/interface-words";
import { branches, footer, navigation, site, specialities } from "../config/site-config";
import { fulfilled, memoLoader, type Tracked } from "../tracked";
import { defaultLanguage } from "./languages";
import type { LayoutConfig } from "./layout-shape";
import { loadRuntime } from "./lazy-translations";

export type { LayoutConfig } from "./layout-shape";

/** The default language's layout config: the config modules' own objects. */
export const defaultLayout: LayoutConfig = {
  lang: defaultLanguage,
  site,
  navigation,
  footer,
  branches,
  specialities,
  ui: interfaceWords,
  english: new Set(),
};

/** The layout's config in `lang`, translated once (by the translation runtime: translated-layout.ts). */
export const loadLayoutConfig: (lang: string) => Tracked<LayoutConfig> = memoLoader(async (lang: string) =>
  (await loadRuntime()).translatedLayout(lang),
);

/** The layout config of `lang`, already loaded for the default language. */
export const layoutConfig = (lang: string): Tracked<LayoutConfig> =>
  lang === defaultLanguage ? fulfilled(defaultLayout) : loadLayoutConfig(lang);
