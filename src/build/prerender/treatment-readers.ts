/**
 * Where a build's jobs read treatments and their texts from (jobs.ts): the catalog's record of
 * where each is stored, and readers kept for a thread's life, so a collection kept in one file is
 * parsed once per thread.
 */
import { readFileSync } from "node:fs";
import {
  publishedStrings,
  type Strings,
  stringsBySlug,
  type TranslationFile,
} from "../../shared/collections/treatment-translations";
import type { SubDepartment, TreatmentCollection } from "../../shared/generated/collection";
import type { Catalog } from "./manifest";

/** Where one treatment is stored: its own file, or a place in its collection's file. */
export interface ItemSource {
  /** Absolute path of the file that holds it. */
  file: string;
  /** '' for a file of its own; its index in 'sub_departments' otherwise. */
  index?: number;
}

/** Where one treatment's texts in a language are stored: its own file, or its collection's translation. */
export interface TranslationSource {
  /** Absolute path of the file that holds them. */
  file: string;
  /** 'file': a collection file's translation (keys 'sub_departments.{slug}.…'); 'folder': the treatment's own. */
  storage: "file" | "folder";
}

/** A catalog with where each treatment is stored, by data file and slug. */
export interface JobCatalog {
  catalog: Catalog;
  sources: Record<string, Record<string, ItemSource>>;
  /** Where each translated treatment's texts are, by data file, language and slug (only treatments with texts). */
  translations: Record<string, Record<string, Record<string, TranslationSource>>>;
}

/** Treatments an item reader keeps: a treatment's pages in the site's languages come one after another. */
const keptItems = 16;

/**
 * Reads treatments from where they are stored; a collection file is parsed once per thread, a
 * treatment's own file once for the pages that follow one another (the same object: no one
 * changes what they read).
 */
export function itemReader(catalog: JobCatalog): (dataFile: string, slug: string) => SubDepartment {
  const files = new Map<string, TreatmentCollection>();
  const recent = new Map<string, SubDepartment>();
  return (dataFile, slug) => {
    const source = catalog.sources[dataFile]?.[slug];
    if (!source) throw new Error(`The catalog has no treatment '${slug}' in ${dataFile}.`);
    if (source.index === undefined) {
      const key = `${dataFile}\u0000${slug}`;
      let item = recent.get(key);
      if (!item) {
        item = JSON.parse(readFileSync(source.file, "utf8")) as SubDepartment;
        recent.set(key, item);
        if (recent.size > keptItems) recent.delete(recent.keys().next().value as string);
      }
      return item;
    }
    let whole = files.get(source.file);
    if (!whole) {
      whole = JSON.parse(readFileSync(source.file, "utf8")) as TreatmentCollection;
      files.set(source.file, whole);
    }
    return whole.sub_departments[source.index];
  };
}

/**
 * Reads treatments' texts in a language from where they are stored (none for a treatment not
 * translated into it); a collection's translation file is parsed once per thread.
 */
export function translationReader(catalog: JobCatalog): (lang: string, dataFile: string, slug: string) => Strings {
  const files = new Map<string, Record<string, Strings>>();
  return (lang, dataFile, slug) => {
    const source = catalog.translations[dataFile]?.[lang]?.[slug];
    if (!source) return {};
    const read = () => JSON.parse(readFileSync(source.file, "utf8")) as TranslationFile;
    if (source.storage === "folder") return publishedStrings(read().strings);
    let bySlug = files.get(source.file);
    if (!bySlug) {
      bySlug = stringsBySlug(read().strings);
      files.set(source.file, bySlug);
    }
    return bySlug[slug] ?? {};
  };
}

/** The languages a treatment has texts in, sorted: its data file's `translated`. */
export function translatedLanguages(catalog: JobCatalog, dataFile: string, slug: string): string[] {
  return Object.entries(catalog.translations[dataFile] ?? {})
    .filter(([, bySlug]) => slug in bySlug)
    .map(([lang]) => lang)
    .sort();
}

/** The readers of one catalog, kept for the thread's life (see readersOf). */
const readers = new WeakMap<
  JobCatalog,
  { item: ReturnType<typeof itemReader>; translation: ReturnType<typeof translationReader> }
>();

/**
 * The treatment and translation readers of `catalog`, the same for every batch of jobs a worker
 * runs with it: a collection kept in one file is then parsed once per thread, not once per batch
 * (a batch per 50 jobs made a 50 MB file's build grow with the square of its size: 281 batches
 * at 3,334 treatments, each parsing the whole file). A new build has a new catalog, and so new readers.
 */
export function readersOf(catalog: JobCatalog) {
  let kept = readers.get(catalog);
  if (!kept) {
    kept = { item: itemReader(catalog), translation: translationReader(catalog) };
    readers.set(catalog, kept);
  }
  return kept;
}
