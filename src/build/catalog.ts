/**
 * The build's catalog of the treatment collections: each treatment's slug, name and content
 * hash, and where it is stored, without keeping its content. A collection stored as a folder is
 * read file by file, and a file that did not change since the last build is not read at all (its
 * slug and name are the last build's); a collection stored as one file is read whole when it
 * changed, and each treatment in it is hashed on its own, so the build still knows which one did.
 */
import path from "node:path";
import { bySlug } from "../shared/collections/data-files";
import { type CollectionLocation, itemFileNames, listCollections, settingsFileName } from "../shared/collections/store";
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

/** One collection as the catalog knows it. */
export interface CatalogEntry {
  dataFile: string;
  storage: "file" | "folder";
  speciality: string;
  location: string;
  /** The hash of its settings (speciality and location). */
  settingsHash: string;
  items: CatalogItem[];
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
  for (const location of listCollections(collectionsDir)) {
    const before = previous?.[location.dataFile];
    catalog[location.dataFile] =
      location.storage === "file"
        ? readFileCollection(scanner, location, before)
        : readFolderCollection(scanner, location, before);
  }
  return catalog;
}

function readFileCollection(scanner: InputScanner, location: CollectionLocation, before?: CatalogEntry): CatalogEntry {
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
): CatalogEntry {
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
  for (const entry of Object.values(entries)) {
    catalog[entry.dataFile] = {
      speciality: entry.speciality,
      location: entry.location,
      items: entry.items.map(({ slug, name }) => ({ slug, name })),
    };
    sources[entry.dataFile] = Object.fromEntries(
      entry.items.map((item) => [item.slug, { file: path.join(root, item.file), index: item.index }]),
    );
  }
  return { catalog, sources };
}
