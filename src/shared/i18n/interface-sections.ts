/**
 * The sections of site-config/interface.json that only blocks show. The app carries the rest (the
 * layout's words); these, with their parsed messages, travel in a chunk that loads with the blocks
 * that show them (src/site/config/block-words.ts, src/site/i18n/block-words.ts).
 */
export const blockWordSections = [
  "samples",
  "doctorSearch",
  "healthPackages",
  "formDataNotice",
  "branches",
  "specialityDetails",
] as const;
