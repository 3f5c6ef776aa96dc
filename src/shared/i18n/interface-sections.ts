/**
 * The sections of site-config/interface.json that do not go with the app. The app carries the rest
 * (the layout's words); the blocks' sections, with their parsed messages, travel in a chunk that
 * loads with the blocks that show them (src/site/config/block-words.ts,
 * src/site/i18n/block-words.ts), and the prerenderer's (the breadcrumbs search engines read, the
 * line above a title on link preview cards) reach no browser at all
 * (src/site/i18n/prerender-words.ts). Those modules' `?pick=` and `?asts=` name the same sections:
 * tests/i18n/interface-words.test.ts holds them to these lists.
 */
export const blockWordSections = [
  "samples",
  "doctorSearch",
  "healthPackages",
  "formDataNotice",
  "branches",
  "specialityDetails",
  "blocks",
  "contactDetails",
  "specialityGrid",
  "blog",
  "search",
] as const;

/** The sections only the prerenderer shows. */
export const prerenderWordSections = ["breadcrumbs", "cards"] as const;
