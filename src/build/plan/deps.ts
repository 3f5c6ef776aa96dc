/**
 * What the pages and data files are made of: the hash of each dependency (keys.ts) this build's
 * jobs name, by keyOf(dep), taken from the catalog (a treatment's file is not read again for it).
 */
import { type TreatmentListPage, treatmentIndex } from "../../shared/collections/data-files";
import { type CatalogEntry, translatedInto } from "../catalog";
import type { LanguageFont } from "../fonts";
import { hashOf, type InputScanner } from "../inputs";
import { type DepKey, keyOf } from "../keys";

export interface DepHashes {
  /** Each dependency's hash by keyOf(dep); a page's file is hashed when a job first names it. */
  hashes: Record<string, string>;
  /** The languages each treatment is published in besides the default, by data file and slug. */
  translated: Record<string, Record<string, string[]>>;
  /** A dependency's hash ('' for one this build does not have), by its keyOf(dep). */
  hashAt(key: string, dep: DepKey): string;
}

export interface DepSources {
  scanner: InputScanner;
  entries: Record<string, CatalogEntry>;
  /** Each collection's list pages, by data file. */
  lists: Record<string, TreatmentListPage[]>;
  /** The site's languages with pages of their own besides the default: a translation into another is not published. */
  otherLanguages: ReadonlySet<string>;
  /** Each language's font, where it has one of its own. */
  fonts: Record<string, LanguageFont>;
}

/** The hashes of everything this build's jobs can be made of. */
export function hashDeps({ scanner, entries, lists, otherLanguages, fonts }: DepSources): DepHashes {
  const hashes: Record<string, string> = {};
  const set = (dep: DepKey, hash: string) => {
    hashes[keyOf(dep)] = hash;
  };
  const translated: DepHashes["translated"] = {};
  for (const entry of Object.values(entries)) {
    const dataFile = entry.dataFile;
    set({ kind: "settings", dataFile }, entry.settingsHash);
    translated[dataFile] = {};
    for (const { slug, hash } of entry.items) {
      set({ kind: "item", dataFile, slug }, hash);
      const langs = translatedInto(entry, slug).filter((lang) => otherLanguages.has(lang));
      translated[dataFile][slug] = langs;
      // Its data file names the languages it is translated into, so the site fetches only those.
      set({ kind: "translated", dataFile, slug }, langs.join(","));
      for (const lang of langs)
        set({ kind: "translation", lang, dataFile, slug }, entry.translations[lang].items[slug].hash);
    }
  }
  for (const [dataFile, pages] of Object.entries(lists)) {
    for (const list of pages) {
      // The list's file has every language's names; a speciality page shows its own language's only,
      // so a Telugu name that changed makes the Telugu page again, not the English or Hindi one.
      const { translatedNames, ...english } = list;
      const page = list.page;
      set({ kind: "list-file", dataFile, page }, hashOf(JSON.stringify(list)));
      set({ kind: "list", dataFile, page }, hashOf(JSON.stringify(english)));
      for (const lang of otherLanguages)
        set({ kind: "list", dataFile, page, lang }, hashOf(JSON.stringify([english, translatedNames?.[lang] ?? null])));
    }
  }
  // A page in a language with a font of its own links that font's files, named by their content.
  for (const [lang, font] of Object.entries(fonts))
    set({ kind: "font", lang }, hashOf(`${font.stylesheet} ${font.font}`));
  for (const entry of Object.values(entries))
    set({ kind: "index", dataFile: entry.dataFile }, hashOf(JSON.stringify(treatmentIndex(entry, entry.items))));
  const hashAt = (key: string, dep: DepKey) => {
    // One look-up in the 60,000 hashes for the 120,000 dependencies a build names, not two.
    const known = hashes[key];
    if (known !== undefined) return known;
    if (dep.kind !== "page-file") return "";
    const hash = scanner.hash(dep.file);
    hashes[key] = hash;
    return hash;
  };
  return { hashes, translated, hashAt };
}
