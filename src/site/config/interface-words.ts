/**
 * The interface words of site-config/interface.json in the default language, in two parts: the
 * layout's (the names of its controls and landmarks, 'Content Not Loaded', notifications, the
 * forms' shared words), which every page shows and the app carries, and the blocks' (the doctor
 * search's labels, sample badges, the speciality page's search...), which block-words.ts gives
 * the blocks that show them, so no other page loads them. Components read the layout's through
 * `useUi()` and the blocks' through `useBlockWords()` (src/site/i18n/), in the page's language.
 */
import type { InterfaceWords } from "../../shared/generated/interface";
import { blockWordSections, type prerenderWordSections } from "../../shared/i18n/interface-sections";

/** The sections of interface.json that only blocks show (the `?pick` of block-words.ts). */
export const blockSections = blockWordSections;

/** The interface words blocks show. */
export type BlockWords = Pick<InterfaceWords, (typeof blockSections)[number]>;
/** The interface words only the prerenderer shows (src/site/i18n/prerender-words.ts). */
export type PrerenderWords = Pick<InterfaceWords, (typeof prerenderWordSections)[number]>;
/** The interface words of the layout, and of the app around the page. */
export type LayoutWords = Omit<InterfaceWords, keyof BlockWords | keyof PrerenderWords | "$schema">;

// Only these sections of the file (src/build/vite/config-meta-plugin.ts): a glob, so the type
// check reads no config, as site-config.ts's.
const layoutJson = import.meta.glob<LayoutWords>("../../../site-config/interface.json", {
  eager: true,
  import: "default",
  // The medical review line is the layout's: treatment, speciality and article pages show it, and
  // a treatment page loads no blocks' words (a page's first load stays as it was).
  query: "?pick=layout,contentNotLoaded,notifications,forms,medicalReview",
});

export const interfaceWords: LayoutWords = Object.values(layoutJson)[0];
