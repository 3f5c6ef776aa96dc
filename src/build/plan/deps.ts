/**
 * What the pages and data files are made of: the hash of each dependency (keys.ts) this build's
 * jobs name, by its fields (key-table.ts), taken from the catalog (a treatment's file is not read
 * again for it).
 */
import { type TreatmentListPage, treatmentIndex } from "../../shared/collections/data-files";
import { type CatalogEntry, translatedInto } from "../catalog";
import type { LanguageFont } from "../fonts";
import { hashOf, type InputScanner } from "../inputs";
import type { DepKey } from "../keys";
import { type Field, type KeyTable, tableGet, tableSet } from "./key-table";

/** Each dependency's hash, by kind and then by the dependency's fields. */
export type DepHashTable = KeyTable<DepKey["kind"]>;

/** A dependency's fields, in the order the table nests them (a list's language last, '' for none). */
function fieldsOf(dep: DepKey): Field[] {
  switch (dep.kind) {
    case "page-file":
      return [dep.file];
    case "item":
    case "translated":
      return [dep.dataFile, dep.slug];
    case "translation":
      return [dep.lang, dep.dataFile, dep.slug];
    case "list":
      return [dep.dataFile, dep.page, dep.lang ?? ""];
    case "list-file":
      return [dep.dataFile, dep.page];
    case "settings":
    case "index":
      return [dep.dataFile];
    case "font":
      return [dep.lang];
  }
}

/** The dependency's hash in `table`, or undefined when the table has none. */
export const depHash = (table: DepHashTable, dep: DepKey): string | undefined =>
  tableGet(table, dep.kind, fieldsOf(dep));

export interface DepHashes {
  /** Each dependency's hash; a page's file is hashed when a job first names it. */
  hashes: DepHashTable;
  /** The languages each treatment is published in besides the default, by data file and slug. */
  translated: Record<string, Record<string, string[]>>;
  /** A dependency's hash ('' for one this build does not have). */
  hashAt(dep: DepKey): string;
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
  const hashes: DepHashTable = new Map();
  const set = (dep: DepKey, hash: string) => tableSet(hashes, dep.kind, fieldsOf(dep), hash);
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
  const hashAt = (dep: DepKey) => {
    const known = depHash(hashes, dep);
    if (known !== undefined) return known;
    if (dep.kind !== "page-file") return "";
    const hash = scanner.hash(dep.file);
    set(dep, hash);
    return hash;
  };
  return { hashes, translated, hashAt };
}
