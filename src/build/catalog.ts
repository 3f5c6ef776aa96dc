/**
 * The build's catalog of the treatment collections: each treatment's slug, name and content
 * hash, and where it is stored, without keeping its content. A collection stored as a folder is
 * read file by file, and a file that did not change since the last build is not read at all (its
 * slug and name are the last build's); a collection stored as one file is read whole when it
 * changed, and each treatment in it is hashed on its own, so the build still knows which one did.
 *
 * Treatments' translations (src/shared/collections/treatment-translations.ts) are known the same
 * way, per language and treatment: the hash of the texts the site publishes for it. A collection
 * file's translation is read only when it changed, each treatment's texts hashed on their own; a
 * folder's, file by file.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { bySlug } from "../shared/collections/data-files";
import { type CollectionLocation, itemFileNames, listCollections, settingsFileName } from "../shared/collections/store";
import {
  publishedStrings,
  type Strings,
  stringsBySlug,
  type TranslationFile,
  translationLanguages,
  translationLocation,
  treatmentTranslationFiles,
} from "../shared/collections/treatment-translations";
import type { TreatmentCollection } from "../shared/generated/collection";
import { hashAll, hashOf, type InputScanner } from "./inputs";
import type { JobCatalog } from "./prerender/jobs";
import type { Catalog } from "./prerender/manifest";

/** One treatment as the catalog knows it. */
export interface CatalogItem {
  slug: string;
  name: string;
  /** The hash of its content (of its file, for a file of its own). */
  hash: string;
  /** Its file, relative to the project root. */
  file: string;
  /** Its index in the collection file's 'sub_departments'; absent for a file of its own. */
  index?: number;
}

/** One treatment's texts in one language, as the catalog knows them. */
export interface CatalogTranslatedItem {
  /** The hash of the texts the site publishes for it; '' when it has none (an empty file). */
  hash: string;
  /** The file that holds them, relative to the project root. */
  file: string;
  /** A folder's file: the hash of the file, so an unchanged file is not read again. */
  fileHash?: string;
  /** Its name in the language, for the speciality page's list (absent when not translated). */
  name?: string;
}

/** A collection's translations into one language. */
export interface CatalogTranslation {
  storage: "file" | "folder";
  /** The translation file (a collection file's), or the folder of the treatments' files. */
  path: string;
  /** By slug. */
  items: Record<string, CatalogTranslatedItem>;
}

/** One collection as the catalog knows it. */
export interface CatalogEntry {
  dataFile: string;
  storage: "file" | "folder";
  speciality: string;
  location: string;
  /** The hash of its settings (speciality and location). */
  settingsHash: string;
  items: CatalogItem[];
  /** Its treatments' translations, by language (only languages with a translation of it). */
  translations: Record<string, CatalogTranslation>;
}

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Reads the catalog of every collection under `collectionsDir`, reusing `previous` where files are unchanged. */
export function readCatalog(
  scanner: InputScanner,
  collectionsDir: string,
  previous: Record<string, CatalogEntry> | undefined,
): Record<string, CatalogEntry> {
  const catalog: Record<string, CatalogEntry> = {};
  const siteRoot = path.dirname(collectionsDir);
  const languages = translationLanguages(siteRoot);
  for (const location of listCollections(collectionsDir)) {
    const before = previous?.[location.dataFile];
    const entry =
      location.storage === "file"
        ? readFileCollection(scanner, location, before)
        : readFolderCollection(scanner, location, before);
    const translations: Record<string, CatalogTranslation> = {};
    for (const lang of languages) {
      const where = translationLocation(siteRoot, lang, location);
      const kept = before?.translations?.[lang];
      const translation =
        location.storage === "file"
          ? readFileTranslation(scanner, where, kept)
          : readFolderTranslation(scanner, where, kept);
      if (translation) translations[lang] = translation;
    }
    catalog[location.dataFile] = { ...entry, translations };
  }
  return catalog;
}

const hashStrings = (strings: Strings) => hashOf(JSON.stringify(strings));

function readFileTranslation(
  scanner: InputScanner,
  file: string,
  before: CatalogTranslation | undefined,
): CatalogTranslation | undefined {
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  const relative = path.relative(scanner.root, file);
  scanner.hash(relative);
  if (before?.storage === "file" && before.path === relative && scanner.unchanged(relative)) return before;
  let doc: TranslationFile = {};
  scanner.hash(relative, (bytes) => {
    doc = JSON.parse(bytes.toString("utf8")) as TranslationFile;
  });
  const items: Record<string, CatalogTranslatedItem> = {};
  for (const [slug, strings] of Object.entries(stringsBySlug(doc.strings)))
    items[slug] = { hash: hashStrings(strings), file: relative, ...(strings.name ? { name: strings.name } : {}) };
  return { storage: "file", path: relative, items };
}

function readFolderTranslation(
  scanner: InputScanner,
  folder: string,
  before: CatalogTranslation | undefined,
): CatalogTranslation | undefined {
  const files = treatmentTranslationFiles(folder);
  if (Object.keys(files).length === 0) return undefined;
  const known = before?.storage === "folder" ? before.items : {};
  const items: Record<string, CatalogTranslatedItem> = {};
  for (const [slug, absolute] of Object.entries(files)) {
    const file = path.relative(scanner.root, absolute);
    const fileHash = scanner.hash(file);
    const previous = known[slug];
    if (previous && previous.file === file && previous.fileHash === fileHash) {
      items[slug] = previous;
      continue;
    }
    let doc: TranslationFile = {};
    scanner.hash(file, (bytes) => {
      doc = JSON.parse(bytes.toString("utf8")) as TranslationFile;
    });
    const strings = publishedStrings(doc.strings);
    items[slug] = {
      hash: Object.keys(strings).length > 0 ? hashStrings(strings) : "",
      file,
      fileHash,
      ...(strings.name ? { name: strings.name } : {}),
    };
  }
  return { storage: "folder", path: path.relative(scanner.root, folder), items };
}

/** The languages a treatment has texts in, sorted: what its data file's `translated` says. */
export function translatedInto(entry: CatalogEntry, slug: string): string[] {
  return Object.keys(entry.translations ?? {})
    .filter((lang) => (entry.translations[lang].items[slug]?.hash ?? "") !== "")
    .sort();
}

function readFileCollection(
  scanner: InputScanner,
  location: CollectionLocation,
  before?: CatalogEntry,
): Omit<CatalogEntry, "translations"> {
  const relative = path.relative(scanner.root, location.path);
  let data: TreatmentCollection | undefined;
  scanner.hash(relative);
  if (before?.storage === "file" && scanner.unchanged(relative)) return before;
  scanner.hash(relative, (bytes) => {
    data = JSON.parse(bytes.toString("utf8")) as TreatmentCollection;
  });
  const collection = data as TreatmentCollection;
  return {
    dataFile: location.dataFile,
    storage: "file",
    speciality: text(collection.speciality),
    location: text(collection.location),
    settingsHash: hashAll([text(collection.speciality), text(collection.location)]),
    items: (collection.sub_departments ?? [])
      .map((item, index) => ({
        slug: item.slug,
        name: item.name,
        hash: hashOf(JSON.stringify(item)),
        file: relative,
        index,
      }))
      .sort(bySlug),
  };
}

function readFolderCollection(
  scanner: InputScanner,
  location: CollectionLocation,
  before?: CatalogEntry,
): Omit<CatalogEntry, "translations"> {
  const folder = path.relative(scanner.root, location.path);
  const known = new Map((before?.storage === "folder" ? before.items : []).map((item) => [item.file, item]));
  const settingsFile = path.join(folder, settingsFileName);
  let settings: Json = {};
  scanner.hash(settingsFile, (bytes) => {
    settings = JSON.parse(bytes.toString("utf8")) as Json;
  });
  const items = itemFileNames(location.path).map((name): CatalogItem => {
    const file = path.join(folder, name);
    const previous = known.get(file);
    let data: Json | undefined;
    const hash = scanner.hash(file);
    if (previous && previous.hash === hash) return previous;
    scanner.hash(file, (bytes) => {
      data = JSON.parse(bytes.toString("utf8")) as Json;
    });
    const item = data as Json;
    return { slug: text(item.slug), name: text(item.name), hash, file };
  });
  return {
    dataFile: location.dataFile,
    storage: "folder",
    speciality: text(settings.speciality),
    location: text(settings.location),
    settingsHash: hashAll([text(settings.speciality), text(settings.location)]),
    items,
  };
}

/** The catalog as the jobs and the page list take it. */
export function jobCatalog(root: string, entries: Record<string, CatalogEntry>): JobCatalog {
  const catalog: Catalog = {};
  const sources: JobCatalog["sources"] = {};
  const translations: JobCatalog["translations"] = {};
  for (const entry of Object.values(entries)) {
    catalog[entry.dataFile] = {
      speciality: entry.speciality,
      location: entry.location,
      items: entry.items.map(({ slug, name }) => {
        // Its names in other languages go with it into the speciality page's list pages.
        const names: Record<string, string> = {};
        for (const [lang, translation] of Object.entries(entry.translations ?? {})) {
          const translated = translation.items[slug]?.name;
          if (translated) names[lang] = translated;
        }
        return Object.keys(names).length > 0 ? { slug, name, names } : { slug, name };
      }),
    };
    sources[entry.dataFile] = Object.fromEntries(
      entry.items.map((item) => [item.slug, { file: path.join(root, item.file), index: item.index }]),
    );
    const slugs = new Set(entry.items.map((item) => item.slug));
    translations[entry.dataFile] = {};
    for (const [lang, translation] of Object.entries(entry.translations ?? {})) {
      const storage = translation.storage;
      translations[entry.dataFile][lang] = Object.fromEntries(
        Object.entries(translation.items)
          .filter(([slug, item]) => item.hash !== "" && slugs.has(slug))
          .map(([slug, item]) => [slug, { file: path.join(root, item.file), storage }]),
      );
    }
  }
  return { catalog, sources, translations };
}
