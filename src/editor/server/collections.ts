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

interface Indexed extends IndexedTreatment {
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

/** How many treatments one answer lists at most. */
export const maxLimit = 200;

export class CollectionIndex {
  private readonly files = new Map<string, { stamp: string; item: Indexed | undefined }>();
  private readonly wholeFiles = new Map<string, { stamp: string; speciality: string; items: Indexed[] }>();
  private readonly settings = new Map<string, { stamp: string; speciality: string }>();

  constructor(private readonly store: ConfigStore) {}

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
    const names = (await readdir(folder))
      .filter((name) => name.endsWith(".json") && name !== "_collection.json" && !name.startsWith("."))
      .sort();
    const items = await Promise.all(
      names.map(async (name) => {
        const file = path.join(folder, name);
        const stats = await stat(file).catch(() => undefined);
        if (!stats) return undefined;
        const kept = this.files.get(file);
        if (kept?.stamp === stampOf(stats)) return kept.item;
        const slug = name.slice(0, -".json".length);
        let item: Indexed | undefined;
        try {
          item = indexed(
            JSON.parse(await readFile(file, "utf8")) as Data,
            slug,
            treatmentFilePath(place.collection, slug),
          );
          // A folder's page is found by its file's name, whatever its slug says (the validator says that too).
          item.slug = slug;
        } catch {
          item = {
            slug,
            name: `${slug} (not valid JSON)`,
            path: treatmentFilePath(place.collection, slug),
            words: slug,
          };
        }
        this.files.set(file, { stamp: stampOf(stats), item });
        return item;
      }),
    );
    return { speciality: await this.speciality(absolute), items: items.filter((i): i is Indexed => !!i) };
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
