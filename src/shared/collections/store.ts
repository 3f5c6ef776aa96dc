/**
 * How a treatment collection is stored under site-config/collections/ (Node only): either one
 * file, `{stem}.json`, with every treatment page in `sub_departments`, or a folder, `{stem}/`,
 * with the collection's settings in `_collection.json` and one file per treatment page named
 * after its slug (`{slug}.json`), so a change to one page is a change to one small file. The
 * build, the validator's model, the editor and the tests read both through here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { SubDepartment, TreatmentCollection } from "../generated/collection";
import { bySlug } from "./data-files.ts";

/** The settings file of a collection folder. */
export const settingsFileName = "_collection.json";

/** A data file's name: what presentations name and the site publishes ('cardiology-sub-departments.json'). */
export const isDataFileName = (name: string) => /^[a-z0-9-]+-sub-departments\.json$/.test(name);

/** Where a collection is stored. */
export interface CollectionLocation {
  /** 'cardiology-sub-departments.json', whichever way it is stored. */
  dataFile: string;
  storage: "file" | "folder";
  /** The file, or the folder. */
  path: string;
}

/** One treatment page as stored: its data, the file holding it and where in that file. */
export interface StoredItem {
  data: SubDepartment;
  /** The file that holds it (the collection file, or its own file in the folder). */
  file: string;
  /** Its JSON pointer in that file: '/sub_departments/3', or '' for a file of its own. */
  pointer: string;
}

/** A collection as stored. */
export interface StoredCollection extends CollectionLocation {
  /** The file holding `speciality` and `location`: the collection file, or the folder's _collection.json. */
  settingsFile: string;
  speciality: string;
  location: string;
  /** In stored order: the file's order, or the folder's file names in order. */
  items: StoredItem[];
}

/** A collection stored both ways at once, or otherwise unreadable as a collection. */
export class CollectionStorageError extends Error {}

/** The files of a collection folder that hold treatment pages, by slug (the file name without .json). */
export function itemFileNames(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json") && name !== settingsFileName && !name.startsWith("."))
    .map((name) => ({ name, slug: name.slice(0, -".json".length) }))
    .sort(bySlug)
    .map(({ name }) => name);
}

/** Every collection under `dir`, sorted by data file; a collection stored both ways is refused. */
export function listCollections(dir: string): CollectionLocation[] {
  if (!existsSync(dir)) return [];
  const found = new Map<string, CollectionLocation>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const folder = entry.isDirectory();
    const dataFile = folder ? `${entry.name}.json` : entry.name;
    if (!isDataFileName(dataFile) || (!folder && !entry.isFile())) continue;
    const location: CollectionLocation = {
      dataFile,
      storage: folder ? "folder" : "file",
      path: path.join(dir, entry.name),
    };
    if (found.has(dataFile)) throw new CollectionStorageError(bothWays(dir, dataFile));
    found.set(dataFile, location);
  }
  return [...found.values()].sort((a, b) => (a.dataFile < b.dataFile ? -1 : 1));
}

/** The message for a collection stored as a file and as a folder at once. */
export function bothWays(dir: string, dataFile: string): string {
  const stem = dataFile.replace(/\.json$/, "");
  return `${path.join(dir, dataFile)} and the folder ${path.join(dir, stem)}/ both hold the collection '${stem}'. Keep one: the folder (one file per treatment page) or the file.`;
}

/** Where the collection named `dataFile` is stored under `dir`, if anywhere. */
export function locateCollection(dir: string, dataFile: string): CollectionLocation | undefined {
  return listCollections(dir).find((c) => c.dataFile === dataFile);
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

/** Reads a stored collection (unvalidated data is taken as it is; run the validator first). */
export function readStoredCollection(location: CollectionLocation): StoredCollection {
  if (location.storage === "file") {
    const data = readJson(location.path) as unknown as TreatmentCollection;
    return {
      ...location,
      settingsFile: location.path,
      speciality: data.speciality,
      location: data.location,
      items: (data.sub_departments ?? []).map((item, i) => ({
        data: item,
        file: location.path,
        pointer: `/sub_departments/${i}`,
      })),
    };
  }
  const settingsFile = path.join(location.path, settingsFileName);
  const settings = existsSync(settingsFile) ? readJson(settingsFile) : {};
  return {
    ...location,
    settingsFile,
    speciality: String(settings.speciality ?? ""),
    location: String(settings.location ?? ""),
    items: itemFileNames(location.path).map((name) => {
      const file = path.join(location.path, name);
      return { data: readJson(file) as unknown as SubDepartment, file, pointer: "" };
    }),
  };
}

/** The collection as the spec's single data file: speciality, location and every treatment page. */
export function wholeCollection(
  stored: Pick<StoredCollection, "speciality" | "location" | "items">,
): TreatmentCollection {
  return {
    speciality: stored.speciality,
    location: stored.location,
    sub_departments: stored.items.map(({ data }) => {
      const { $schema: _schema, ...item } = data;
      return item;
    }),
  };
}

/** Every collection under `dir`, whole, by data file (tests and small tools; the build reads incrementally). */
export function readCollections(dir: string): Record<string, TreatmentCollection> {
  return Object.fromEntries(
    listCollections(dir).map((location) => [location.dataFile, wholeCollection(readStoredCollection(location))]),
  );
}

/** Whether `file` is a treatment page file of a collection folder under `dir` (its name is its slug). */
export function isItemFile(dir: string, file: string): boolean {
  const folder = path.dirname(file);
  return (
    path.dirname(folder) === dir &&
    isDataFileName(`${path.basename(folder)}.json`) &&
    file.endsWith(".json") &&
    path.basename(file) !== settingsFileName &&
    statSync(folder).isDirectory()
  );
}
