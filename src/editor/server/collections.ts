/**
 * Treatment collections as the editor serves them: a compact index (slug, name, page path) for
 * the searchable list, never the treatments themselves, and one treatment of a collection file
 * read and written on its own.
 *
 * The index is kept in memory, file by file: a folder's treatment page files are read again only
 * when their size or time changes, so listing 10,000 treatments after a save costs a directory
 * read and a stat per file, not 10,000 parses. A collection file is parsed again when it changes.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { CollectionIndexResponse, IndexedTreatment } from "../shared/api";
import { type CollectionPlace, collectionPlace, treatmentFilePath } from "../shared/collection-paths";
import type { ConfigStore } from "./config-store";
import { NotEditable } from "./config-store";

type Data = Record<string, unknown>;

export interface Indexed extends IndexedTreatment {
  /** Lower-cased name and slug, searched. */
  words: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function indexed(data: Data, fallbackSlug: string, file?: string): Indexed {
  const slug = text(data.slug) ?? fallbackSlug;
  const name = text(data.name) ?? slug;
  return { slug, name, url: text(data.url), path: file, words: `${name}\n${slug}`.toLowerCase() };
}

const stampOf = (stats: { size: number; mtimeMs: number }) => `${stats.size}:${stats.mtimeMs}`;

/** A treatment page file's entry in the list, from its text (its slug is its file's name). */
export function folderItem(collection: string, name: string, text: string): Indexed {
  const slug = name.slice(0, -".json".length);
  try {
    const item = indexed(JSON.parse(text) as Data, slug, treatmentFilePath(collection, slug));
    // A folder's page is found by its file's name, whatever its slug says (the validator says that too).
    item.slug = slug;
    return item;
  } catch {
    return { slug, name: `${slug} (not valid JSON)`, path: treatmentFilePath(collection, slug), words: slug };
  }
}

/**
 * Where a worktree's collection folders come from when it is a commit of the published branch
 * with a few files changed (a hosted editor's change set): the commit's lists, read once for every
 * change set (shared-folders.ts), and the files the worktree changed, read from it. A list of
 * 10,000 treatments then costs the changed files, not a stat of each of 10,000.
 */
export interface SharedFolders {
  /** The folder's treatment page files at the commit, by file name (sorted). */
  base(collection: string): Promise<Map<string, Indexed>>;
  /** The site's files (editor paths) the worktree has changed, added or removed since the commit. */
  changed(): Promise<ReadonlySet<string>>;
  /** Told of a file (editor path) the editor wrote or removed in the worktree. */
  wrote(file: string): void;
}

const lists = new WeakMap<Map<string, Indexed>, { list: Indexed[]; at: Map<string, number> }>();

/** A commit's folder as a list in file name order (its map is sorted), and each name's place in it; made once per map. */
function listed(base: Map<string, Indexed>): { list: Indexed[]; at: Map<string, number> } {
  let known = lists.get(base);
  if (!known) {
    const list = [...base.values()];
    known = { list, at: new Map([...base.keys()].map((name, i) => [name, i])) };
    lists.set(base, known);
  }
  return known;
}

/** How many treatments one answer lists at most. */
export const maxLimit = 200;

export class CollectionIndex {
  private readonly files = new Map<string, { stamp: string; item: Indexed | undefined }>();
  private readonly wholeFiles = new Map<string, { stamp: string; speciality: string; items: Indexed[] }>();
  private readonly settings = new Map<string, { stamp: string; speciality: string }>();

  constructor(
    private readonly store: ConfigStore,
    private readonly shared?: SharedFolders,
  ) {}

  /** The collection an editor path names (its file, or its folder's _collection.json). */
  place(file: unknown): CollectionPlace {
    const place = typeof file === "string" ? collectionPlace(file) : undefined;
    if (!place || place.slug || !this.store.resolve(place.collection))
      throw new NotEditable(`'${String(file)}' is not a treatment collection of this site.`);
    return place;
  }

  /** Every treatment of a collection, in stored order, and its speciality. */
  async entries(place: CollectionPlace): Promise<{ speciality: string; items: Indexed[] }> {
    const absolute = this.store.resolve(place.collection) as string;
    if (place.storage === "file") {
      const stats = await stat(absolute);
      const kept = this.wholeFiles.get(absolute);
      if (kept?.stamp === stampOf(stats)) return kept;
      const doc = JSON.parse(await readFile(absolute, "utf8")) as Data;
      const list = Array.isArray(doc.sub_departments) ? (doc.sub_departments as Data[]) : [];
      const entry = {
        stamp: stampOf(stats),
        speciality: text(doc.speciality) ?? "",
        items: list.map((item, i) => indexed(item ?? {}, `treatment-${i + 1}`)),
      };
      this.wholeFiles.set(absolute, entry);
      return entry;
    }
    const folder = path.dirname(absolute);
    if (this.shared) return { speciality: await this.speciality(absolute), items: await this.sharedItems(place) };
    const names = (await readdir(folder))
      .filter((name) => name.endsWith(".json") && name !== "_collection.json" && !name.startsWith("."))
      .sort();
    const items = await Promise.all(names.map((name) => this.fileItem(place, path.join(folder, name))));
    return { speciality: await this.speciality(absolute), items: items.filter((i): i is Indexed => !!i) };
  }

  /** A treatment page file's entry, read again when its size or time changed; undefined when it is gone. */
  private async fileItem(place: CollectionPlace, file: string): Promise<Indexed | undefined> {
    const stats = await stat(file).catch(() => undefined);
    if (!stats) return undefined;
    const kept = this.files.get(file);
    if (kept?.stamp === stampOf(stats)) return kept.item;
    const text = await readFile(file, "utf8").catch(() => "");
    const item = folderItem(place.collection, path.basename(file), text);
    this.files.set(file, { stamp: stampOf(stats), item });
    return item;
  }

  /** A folder's entries: the shared commit's, with the files this worktree changed read from it. */
  private async sharedItems(place: CollectionPlace): Promise<Indexed[]> {
    const shared = this.shared as SharedFolders;
    const [base, changed] = await Promise.all([shared.base(place.collection), shared.changed()]);
    const folder = `${path.posix.dirname(place.collection)}/`;
    const mine = [...changed].filter(
      (f) =>
        f.startsWith(folder) &&
        f.endsWith(".json") &&
        !f.slice(folder.length).includes("/") &&
        !f.slice(folder.length).startsWith(".") &&
        f !== place.collection,
    );
    const { list, at } = listed(base);
    if (mine.length === 0) return list;
    const read = await Promise.all(
      mine.map(
        async (file) =>
          [file.slice(folder.length), await this.fileItem(place, this.store.resolve(file) ?? "")] as const,
      ),
    );
    // Files changed in place (a save's usual case): the commit's list with theirs, not 10,000 sorted again.
    if (read.every(([name, item]) => item && at.has(name))) {
      const items = list.slice();
      for (const [name, item] of read) items[at.get(name) as number] = item as Indexed;
      return items;
    }
    const items = new Map(base);
    for (const [name, item] of read) {
      if (item) items.set(name, item);
      else items.delete(name);
    }
    return [...items.keys()].sort().map((name) => items.get(name) as Indexed);
  }

  private async speciality(settingsFile: string): Promise<string> {
    const stats = await stat(settingsFile).catch(() => undefined);
    if (!stats) return "";
    const kept = this.settings.get(settingsFile);
    if (kept?.stamp === stampOf(stats)) return kept.speciality;
    let speciality = "";
    try {
      speciality = text((JSON.parse(await readFile(settingsFile, "utf8")) as Data).speciality) ?? "";
    } catch {}
    this.settings.set(settingsFile, { stamp: stampOf(stats), speciality });
    return speciality;
  }

  /**
   * One page of the collection's treatments whose name or slug holds every word of `query`
   * (any case), in stored order.
   */
  async search(file: unknown, query = "", offset = 0, limit = 50): Promise<CollectionIndexResponse> {
    const place = this.place(file);
    const { speciality, items } = await this.entries(place);
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matching = words.length === 0 ? items : items.filter((item) => words.every((w) => item.words.includes(w)));
    const start = Math.max(0, Math.floor(offset));
    const size = Math.min(maxLimit, Math.max(1, Math.floor(limit)));
    return {
      path: place.collection,
      storage: place.storage,
      dataFile: place.dataFile,
      speciality,
      total: items.length,
      matched: matching.length,
      offset: start,
      items: matching.slice(start, start + size).map(({ words: _words, ...item }) => item),
    };
  }

  /** Reads every collection once, so the first list a person opens is ready (the server calls it at start). */
  async warm(collections: string[]): Promise<void> {
    for (const file of collections) await this.entries(this.place(file)).catch(() => undefined);
  }
}
