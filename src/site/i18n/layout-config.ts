/**
 * The config every page's layout shows (site settings, header, footer, branches, specialities and
 * the interface words), in one language. The default language's are the config modules' own
 * objects, as the editor's preview expects (it edits them in place); another language's are
 * translated copies, loaded once per language.
 */
import type { Branch } from "../../shared/generated/branches";
import type { Footer } from "../../shared/generated/footer";
import type { Navigation } from "../../shared/generated/navigation";
import type { Site } from "../../shared/generated/site";
import type { Speciality } from "../../shared/generated/specialities";
import { type BlockWords, blockSections, interfaceWords, type LayoutWords } from "../config/interface-words";
import { branches, footer, navigation, site, specialities } from "../config/site-config";
import { fulfilled, memoLoader, type Tracked } from "../tracked";
import { defaultLanguage } from "./languages";
import { translatedIn } from "./lazy-translations";

/** The layout's config in one language. */
export interface LayoutConfig {
  lang: string;
  site: Site;
  navigation: Navigation;
  footer: Footer;
  branches: Branch[];
  specialities: Speciality[];
  ui: LayoutWords;
  /**
   * The interface words blocks show, translated with the layout's in another language than the
   * default; in the default language, absent: the blocks' own module has them (block-words.ts).
   */
  blockWords?: BlockWords;
  /** The texts shown in English for want of a translation (they are marked lang="en"). */
  english: ReadonlySet<string>;
}

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

/** The layout's config in `lang`, translated once; at once for the default language. */
export const loadLayoutConfig: (lang: string) => Tracked<LayoutConfig> = memoLoader(async (lang: string) => {
  // The blocks' words too (a chunk the default language's pages load only with those blocks), so
  // the texts they leave in English are marked as the layout's are.
  const { blockWords } = await import("../config/block-words");
  const [s, n, f, b, sp, ui] = await Promise.all([
    translatedIn(site, "site.json", lang),
    translatedIn(navigation, "navigation.json", lang),
    translatedIn(footer, "footer.json", lang),
    translatedIn({ branches }, "branches.json", lang),
    translatedIn({ specialities }, "specialities.json", lang),
    translatedIn({ ...interfaceWords, ...blockWords }, "interface.json", lang),
  ]);
  const english = new Set([s, n, f, b, sp, ui].flatMap((t) => t.english));
  return {
    lang,
    site: s.doc,
    navigation: n.doc,
    footer: f.doc,
    branches: b.doc.branches,
    specialities: sp.doc.specialities,
    ...splitWords(ui.doc),
    english,
  };
});

/**
 * The interface words blocks show in `lang` (and the prerenderer's breadcrumbs and cards), with
 * their messages ready to format (block-words.ts registers them).
 */
export async function blockWordsIn(lang: string): Promise<BlockWords> {
  const [config, { blockWords }] = await Promise.all([layoutConfig(lang), import("./block-words")]);
  return config.blockWords ?? blockWords;
}

/** The whole file's interface words as the layout's and the blocks'. */
export function splitWords(words: LayoutWords & BlockWords): { ui: LayoutWords; blockWords: BlockWords } {
  const ui: Record<string, unknown> = { ...words };
  const blockWords: Record<string, unknown> = {};
  for (const section of blockSections) {
    blockWords[section] = words[section];
    delete ui[section];
  }
  return { ui: ui as LayoutWords, blockWords: blockWords as BlockWords };
}

/** The layout config of `lang`, already loaded for the default language. */
export const layoutConfig = (lang: string): Tracked<LayoutConfig> =>
  lang === defaultLanguage ? fulfilled(defaultLayout) : loadLayoutConfig(lang);
