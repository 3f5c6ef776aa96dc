/**
 * The renderer's console messages, kept in one place so tests and components cannot drift apart.
 * What a reader sees ('Content Not Loaded') is in site-config/interface.json, to be translated.
 */
export const messages = {
  blockFailed: (type: string, file: string, pointer: string) =>
    `Block '${type}' in ${file} at ${pointer} failed to render; showing 'Content Not Loaded' in its place.`,
  unknownBlock: (type: string, file: string, pointer: string) =>
    `Unknown block type '${type}' in ${file} at ${pointer}. Add a component for it in src/site/blocks/registry.ts.`,
  /** `path` is the data file's place in the site, such as 'assets/data/cardiology-sub-departments/{slug}.json'. */
  dataLoadFailed: (path: string) => `Could not load ${path}; using the built-in copy.`,
  /** A treatment's texts in a language that neither their data file nor their built-in copy gave. */
  translationLoadFailed: (path: string, lang: string) =>
    `Could not load the built-in copy ${path} either; showing the treatment in English instead of '${lang}'.`,
  pageFailed: "This page's content or code could not be loaded; showing 'Content Not Loaded' in its place.",
  navigationFailed: (to: string) => `Navigation to ${to} failed.`,
} as const;
