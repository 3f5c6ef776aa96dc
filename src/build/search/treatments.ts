/**
 * The texts the site search indexes of each treatment, in every language, read incrementally:
 * a treatment whose content and translations hash as they did in the last build keeps the texts
 * the last build read (kept in the build's cache), so an incremental build after one treatment
 * changed reads that treatment's file alone.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { publishedStrings, type Strings, stringsBySlug } from "../../shared/collections/treatment-translations";
import type { SubDepartment, TreatmentCollection } from "../../shared/generated/collection";
import type { CatalogEntry } from "../catalog";

/** A treatment's searchable texts in one language (absent: the English ones show). */
export interface TreatmentTexts {
  name?: string;
  description?: string;
  terms?: string;
}

/** A treatment as the search indexes it. */
export interface SearchTreatment {
  /** Its hash and its translations' (the cache's key). */
  key: string;
  url: string;
  /** The collection's data file, which names its speciality. */
  dataFile: string;
  en: TreatmentTexts;
  /** By language code. */
  translated: Record<string, TreatmentTexts>;
}

const textsOf = (strings: Strings): TreatmentTexts => ({
  name: strings.name,
  description: strings.meta_description,
  terms: strings.searchTerms,
});

/** Reads each file at most once per build. */
class JsonFiles {
  private readonly parsed = new Map<string, unknown>();
  constructor(private readonly root: string) {}
  read<T>(relative: string): T {
    if (!this.parsed.has(relative))
      this.parsed.set(relative, JSON.parse(readFileSync(path.join(this.root, relative), "utf8")));
    return this.parsed.get(relative) as T;
  }
}

/** A treatment of the catalog: its key, and its texts read from its files when asked. */
export interface TreatmentSource {
  key: string;
  read: () => SearchTreatment;
}

/** Every treatment of the catalog by id ('{data file}:{slug}'), none of its files read yet. */
export function treatmentSources(root: string, catalog: Record<string, CatalogEntry>): Map<string, TreatmentSource> {
  const files = new JsonFiles(root);
  const out = new Map<string, TreatmentSource>();
  for (const entry of Object.values(catalog)) {
    const langs = Object.keys(entry.translations).sort();
    for (const item of entry.items) {
      const key = [
        item.hash,
        ...langs.map((lang) => `${lang}=${entry.translations[lang].items[item.slug]?.hash ?? ""}`),
      ].join(" ");
      const read = (): SearchTreatment => {
        const data =
          item.index === undefined
            ? files.read<SubDepartment>(item.file)
            : files.read<TreatmentCollection>(item.file).sub_departments[item.index];
        const translated: Record<string, TreatmentTexts> = {};
        for (const lang of langs) {
          const translation = entry.translations[lang];
          const found = translation.items[item.slug];
          if (!found || found.hash === "") continue;
          const doc = files.read<{ strings?: Record<string, unknown> }>(found.file);
          const strings =
            translation.storage === "file"
              ? (stringsBySlug(doc.strings)[item.slug] ?? {})
              : publishedStrings(doc.strings);
          translated[lang] = textsOf(strings);
        }
        return {
          key,
          url: data.url,
          dataFile: entry.dataFile,
          en: { name: data.name, description: data.meta_description, terms: data.searchTerms },
          translated,
        };
      };
      out.set(`${entry.dataFile}:${item.slug}`, { key, read });
    }
  }
  return out;
}

/**
 * Every treatment of the catalog with its searchable texts; `kept` are the last build's, reused
 * for a treatment whose key is unchanged.
 */
export function searchTreatments(
  root: string,
  catalog: Record<string, CatalogEntry>,
  kept: Record<string, SearchTreatment>,
): Record<string, SearchTreatment> {
  const out: Record<string, SearchTreatment> = {};
  for (const [id, { key, read }] of treatmentSources(root, catalog))
    out[id] = kept[id]?.key === key ? kept[id] : read();
  return out;
}
