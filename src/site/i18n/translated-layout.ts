/**
 * The layout's config translated into a language: the site settings, header, footer, branches,
 * specialities and interface words with their translations, English for the rest (listed, so
 * those texts are marked lang="en"). Part of the translation runtime (translation-runtime.ts):
 * a page in the default language shows the config modules' own objects.
 */
import { prerenderWordSections } from "../../shared/i18n/interface-sections";
import { type BlockWords, blockSections, interfaceWords, type LayoutWords } from "../config/interface-words";
import { branches, footer, navigation, site, specialities } from "../config/site-config";
import type { LayoutConfig } from "./layout-shape";
import { translated } from "./translations";

/** The layout's config in `lang` (another language than the default). */
export async function translatedLayout(lang: string): Promise<LayoutConfig> {
  // The blocks' words too (a chunk the default language's pages load only with those blocks), so
  // the texts they leave in English are marked as the layout's are. Imported when needed: a static
  // import would pull them into this chunk (the bundler's groups take their dependencies along).
  const { blockWords } = await import("../config/block-words");
  const [s, n, f, b, sp, ui] = await Promise.all([
    translated(site, "site.json", lang),
    translated(navigation, "navigation.json", lang),
    translated(footer, "footer.json", lang),
    translated({ branches }, "branches.json", lang),
    translated({ specialities }, "specialities.json", lang),
    translated({ ...interfaceWords, ...blockWords }, "interface.json", lang),
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
}

/** The interface words (the whole file's, or the app's and the blocks') as the layout's and the blocks'. */
export function splitWords(words: LayoutWords & BlockWords): { ui: LayoutWords; blockWords: BlockWords } {
  const ui: Record<string, unknown> = { ...words };
  const blockWords: Record<string, unknown> = {};
  for (const section of blockSections) {
    blockWords[section] = words[section];
    delete ui[section];
  }
  for (const section of prerenderWordSections) delete ui[section];
  return { ui: ui as LayoutWords, blockWords: blockWords as BlockWords };
}
