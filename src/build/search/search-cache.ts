/**
 * The search step's cache (build-search.ts), kept in parts in the build's cache folder, under
 * search/: `index.v8` holds the treatments' order and keys and each language's file hashes, the
 * treatments' texts are kept by a few hundred treatments to a file (kept-texts.ts);
 * each language's index (every word's pages, every typo form's words: 9 MB of the 16.5 MB one
 * file held at 10,000 treatments) is kept a shard to a file, `{lang}-{n}.v8`, so a build after one
 * treatment changed reads and writes the few shards its words are in, not the whole index.
 *
 * V8's serialisation, as the build state's (build-state.ts), which keeps the index's Maps as they
 * are. Each shard file bears the tag `index.v8` names for it: a shard written by a build that
 * stopped before its `index.v8` was written is not taken for the one `index.v8` knows.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { shardOf } from "../../shared/search/words";
import { type IndexParts, type LanguageIndex, shardSizes } from "./index-files";
import { type KeptTextIndex, textFile } from "./kept-texts";

/** Bumped whenever the cache's shape or meaning changes, so an older one is not read. */
const cacheVersion = 6;

/** What `index.v8` keeps of a language's index. */
export interface KeptLanguage {
  shards: number;
  pages: number;
  /** The hash of each file written, by path in dist/. */
  files: Record<string, string>;
  /** Each shard's file's tag and its bytes (index-files.ts's shardSizes). */
  parts: { tag: string; bytes: number }[];
}

/** `index.v8`. */
export interface SearchCache {
  version: typeof cacheVersion;
  /** The treatments in page order, their keys and the files their texts are kept in. */
  texts: KeptTextIndex;
  languages: Record<string, KeptLanguage>;
}

/** A shard's file. */
interface ShardFile {
  tag: string;
  words: Map<string, number[]>;
  typos: Map<string, string[]>;
}

/** A shard's file whose tag is not the one `index.v8` names: the index is made whole again. */
export class StaleShard extends Error {}

export const folderOf = (cache: string) => path.join(cache, "search");
const mainFile = (cache: string) => path.join(folderOf(cache), "index.v8");
const shardFile = (cache: string, lang: string, n: number) => path.join(folderOf(cache), `${lang}-${n}.v8`);

function write(file: string, value: unknown) {
  // Written aside and renamed: a build stopped half-way leaves no half-written file.
  writeFileSync(`${file}.tmp`, serialize(value));
  renameSync(`${file}.tmp`, file);
}

/** The last build's cache, or undefined (none, unreadable, of another version). */
export function readSearchCache(cache: string): SearchCache | undefined {
  try {
    const kept = deserialize(readFileSync(mainFile(cache))) as SearchCache;
    return kept.version === cacheVersion ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A language's kept index with no shard loaded yet, and the parts that load them as an update
 * reaches them (throwing StaleShard for a shard whose file is not the one kept).
 */
export function keptIndex(cache: string, lang: string, kept: KeptLanguage): { index: LanguageIndex; parts: KeptParts } {
  const index: LanguageIndex = { shards: kept.shards, pages: kept.pages, words: new Map(), typos: new Map() };
  const loaded = new Set<number>();
  const parts: KeptParts = {
    loaded,
    load(n) {
      if (loaded.has(n)) return;
      let shard: ShardFile;
      try {
        shard = deserialize(readFileSync(shardFile(cache, lang, n))) as ShardFile;
      } catch {
        throw new StaleShard(`search index shard ${lang}-${n} is missing or unreadable`);
      }
      if (shard.tag !== kept.parts[n]?.tag) throw new StaleShard(`search index shard ${lang}-${n} is another build's`);
      for (const [word, list] of shard.words) index.words.set(word, list);
      for (const [shorter, list] of shard.typos) index.typos.set(shorter, list);
      loaded.add(n);
    },
    unloadedBytes() {
      let bytes = 0;
      kept.parts.forEach((part, n) => {
        if (!loaded.has(n)) bytes += part.bytes;
      });
      return bytes;
    },
  };
  return { index, parts };
}

/** Parts of a kept index, and which of them are loaded. */
export interface KeptParts extends IndexParts {
  loaded: ReadonlySet<number>;
}

/**
 * Writes a language's shards: all of them for an index made whole (`parts` undefined), else the
 * ones loaded (the others are as the last build kept them). Returns what `index.v8` keeps of it.
 */
export function writeShards(
  cache: string,
  lang: string,
  index: LanguageIndex,
  files: Record<string, string>,
  before: KeptLanguage | undefined,
  parts: KeptParts | undefined,
): KeptLanguage {
  mkdirSync(folderOf(cache), { recursive: true });
  const tag = randomUUID();
  const sizes = shardSizes(index);
  const written = parts ? parts.loaded : new Set(sizes.keys());
  const byShard = new Map<number, ShardFile>();
  for (const n of written) byShard.set(n, { tag, words: new Map(), typos: new Map() });
  for (const [word, list] of index.words) byShard.get(shardOf(word, index.shards))?.words.set(word, list);
  for (const [shorter, list] of index.typos) byShard.get(shardOf(shorter, index.shards))?.typos.set(shorter, list);
  for (const [n, shard] of byShard) write(shardFile(cache, lang, n), shard);
  const kept = (n: number) => (parts ? before?.parts[n] : undefined);
  if (!parts)
    // Shards of a larger index that this one no longer has.
    for (let n = index.shards; n < (before?.shards ?? 0); n++) rmSync(shardFile(cache, lang, n), { force: true });
  return {
    shards: index.shards,
    pages: index.pages,
    files,
    parts: sizes.map((bytes, n) => (written.has(n) ? { tag, bytes } : (kept(n) ?? { tag, bytes }))),
  };
}

/** Writes the files of treatments' texts (before the `index.v8` naming them). */
export function writeTexts(cache: string, files: ReadonlyMap<number, unknown>) {
  mkdirSync(folderOf(cache), { recursive: true });
  for (const [n, file] of files) write(textFile(folderOf(cache), n), file);
}

/** Writes `index.v8` (after the shards and files of texts it names). */
export function writeSearchCache(cache: string, value: Omit<SearchCache, "version">) {
  mkdirSync(folderOf(cache), { recursive: true });
  write(mainFile(cache), { version: cacheVersion, ...value } satisfies SearchCache);
}

/**
 * Removes the cache, before a full build writes it whole: its shards, and the caches earlier
 * builds kept in one file (search-index.json, search-index.v8), which no build reads now.
 */
export function clearSearchCache(cache: string) {
  rmSync(folderOf(cache), { recursive: true, force: true });
  for (const name of ["search-index.json", "search-index.v8"]) rmSync(path.join(cache, name), { force: true });
}
