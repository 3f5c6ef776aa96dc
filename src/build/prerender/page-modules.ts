import type { Block } from "../../shared/generated/blocks/block";
import { defaultLanguage, hasTranslation } from "../../site";

/** The app, which the page's entry loads after the first paint (src/site/main.tsx). */
export const appModule = "src/site/start.tsx";

/**
 * The modules of a list's blocks. What a block's module loads before it renders (the doctor
 * search's panel and data) comes with it: see blockModule in assets.ts.
 */
export function blockModules(blocks: readonly Block[]): string[] {
  return [...new Set(blocks.map((block) => `src/site/blocks/${block.type}/index.tsx`))];
}

/** The translation modules a page in `lang` loads with its own: the layout's, and `files`' (paths under site-config/). */
export function translationModules(lang: string, files: string[]): string[] {
  if (lang === defaultLanguage) return [];
  const layout = [
    "site.json",
    "navigation.json",
    "footer.json",
    "branches.json",
    "specialities.json",
    "interface.json",
  ];
  return [...layout, ...files]
    .filter((file) => hasTranslation(file, lang))
    .map((file) => `site-config/i18n/${lang}/${file}`);
}
