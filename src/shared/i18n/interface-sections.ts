/**
 * The sections of site-config/interface.json that only blocks show (and the prerenderer's
 * breadcrumbs and link preview cards, which no browser reads). The app carries the rest (the layout's words); these, with
 * their parsed messages, travel in a chunk that loads with the blocks that show them
 * (src/site/config/block-words.ts, src/site/i18n/block-words.ts, whose `?pick=` and `?asts=` name
 * the same sections: tests/i18n/interface-words.test.ts holds them to this list).
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
  "breadcrumbs",
  "cards",
] as const;
