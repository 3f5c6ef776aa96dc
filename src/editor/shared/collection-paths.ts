/**
 * Where a treatment collection lives, told from an editor path alone, so the app knows a
 * collection before it has read anything: the collection is the one file
 * (`site-config/collections/cardiology-sub-departments.json`) or, stored as a folder, the
 * folder's settings file (`.../cardiology-sub-departments/_collection.json`); a treatment page
 * of a folder is its own file (`.../cardiology-sub-departments/{slug}.json`).
 */

export interface CollectionPlace {
  /** The collection's editor path: its file, or its folder's _collection.json. */
  collection: string;
  storage: "file" | "folder";
  /** 'cardiology-sub-departments.json', whichever way it is stored. */
  dataFile: string;
  /** For a treatment page file of a folder: its slug (the file's name). */
  slug?: string;
}

const collectionFile = /^([^/]+\/collections)\/([a-z0-9-]+-sub-departments)\.json$/;
const folderFile = /^([^/]+\/collections)\/([a-z0-9-]+-sub-departments)\/([^/]+)\.json$/;

/** The collection an editor path belongs to, if it is a collection's file. */
export function collectionPlace(path: string): CollectionPlace | undefined {
  const file = collectionFile.exec(path);
  if (file) return { collection: path, storage: "file", dataFile: `${file[2]}.json` };
  const inFolder = folderFile.exec(path);
  if (!inFolder) return undefined;
  const [, dir, stem, name] = inFolder;
  const collection = `${dir}/${stem}/_collection.json`;
  const place: CollectionPlace = { collection, storage: "folder", dataFile: `${stem}.json` };
  return name === "_collection" ? place : { ...place, slug: name };
}

/** The editor path of a folder collection's treatment page file. */
export function treatmentFilePath(collection: string, slug: string): string {
  return `${collection.slice(0, collection.lastIndexOf("/"))}/${slug}.json`;
}
