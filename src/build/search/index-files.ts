/**
 * One language's search index as files (the format: src/shared/search/index-format.ts), made whole
 * or updated after some pages changed. Each page's words count by where they are (title, search
 * terms, speciality, text); a word lists at most `maxPages` pages, the ones it counts most on, so
 * no shard grows with the site: a word on every page ("hyderabad") finds the pages it names best,
 * and a query's other words rank the rest. The shards are as many as make each about
 * `shardBytes`, a power of two, so a word's shard is found by its hash alone.
 *
 * The build keeps the index's state (`LanguageIndex`: every word's pages, every typo form's words)
 * between builds, so after one treatment changed it updates the words that page gained or lost
 * and writes only the shards and the page file they are in (the same bytes a whole build gives:
 * shards list their words sorted).
 */
import { type SearchManifest, type SearchPage, searchPaths } from "../../shared/search/index-format";
import { deletions, searchWords, shardOf, typoMinLength } from "../../shared/search/words";
import type { IndexedPage } from "./pages";

/** Pages a word lists at most. */
export const maxPages = 100;
/** Words a one-letter-shorter form lists at most. */
const maxTypoWords = 24;
/** About how large a shard is, in bytes of JSON. */
export const shardBytes = 8192;
/** Pages per page file: a result list of ten reads a few of them. */
export const pageChunk = 8;

/** What the build keeps of a language's index between builds. */
export interface LanguageIndex {
  shards: number;
  pages: number;
  /** Every word with all its pages and weights, pairs in page order. */
  words: Map<string, number[]>;
  /** Every typo form with the words it comes from, sorted. */
  typos: Map<string, string[]>;
}

/** A page's words with their best weight. */
export function wordsOf(page: IndexedPage): Map<string, number> {
  const best = new Map<string, number>();
  for (const [text, weight] of page.texts) {
    if (!text) continue;
    for (const word of searchWords(text)) if ((best.get(word) ?? 0) < weight) best.set(word, weight);
  }
  return best;
}

/** Numbers are not mistyped into other numbers ("10000" finds "10000" only); short words not at all. */
const hasTypoForms = (word: string) => Array.from(word).length >= typoMinLength && !/\p{N}/u.test(word);

/** A word's bytes in its shard: its text and its (capped) numbers. */
const wordBytes = (word: string, list: readonly number[]) =>
  word.length * 2 + 6 + Math.min(list.length, maxPages * 2) * 3;
/** A typo form's bytes in its shard: its text and its (capped) words. */
const typoBytes = (shorter: string, list: readonly string[]) =>
  shorter.length * 2 + 6 + list.slice(0, maxTypoWords).reduce((n, w) => n + w.length * 2 + 3, 0);

/** About how many bytes the index's shards take, by shard (of `index.shards`). */
export function shardSizes(index: LanguageIndex): number[] {
  const sizes = new Array<number>(index.shards).fill(0);
  for (const [word, list] of index.words) sizes[shardOf(word, index.shards)] += wordBytes(word, list);
  for (const [shorter, list] of index.typos) sizes[shardOf(shorter, index.shards)] += typoBytes(shorter, list);
  return sizes;
}

/** How many shards make each about `shardBytes`, a power of two; `bytes`: the index's. */
function shardsFor(bytes: number): number {
  let shards = 1;
  while (shards * shardBytes < bytes) shards *= 2;
  return shards;
}

function indexBytes(index: Pick<LanguageIndex, "words" | "typos">): number {
  let bytes = 0;
  for (const [word, list] of index.words) bytes += wordBytes(word, list);
  for (const [shorter, list] of index.typos) bytes += typoBytes(shorter, list);
  return bytes;
}

/**
 * A word's pages, most weight first (then page order), at most maxPages of them, as pairs. The
 * pairs come in page order and weights are a few small numbers, so a pass per weight keeps the
 * order without sorting.
 */
function topPages(list: number[]): number[] {
  if (list.length <= maxPages * 2 && list.every((v, i) => i % 2 === 0 || v === list[1])) return list;
  const weightsSeen = new Set<number>();
  for (let i = 1; i < list.length; i += 2) weightsSeen.add(list[i]);
  const out: number[] = [];
  for (const weight of [...weightsSeen].sort((a, b) => b - a)) {
    for (let i = 0; i < list.length && out.length < maxPages * 2; i += 2)
      if (list[i + 1] === weight) out.push(list[i], weight);
    if (out.length >= maxPages * 2) break;
  }
  return out;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The text of the given shards, each listing its words and typo forms sorted. */
function shardTexts(lang: string, index: LanguageIndex, wanted?: Set<number>): Map<string, string> {
  const words = new Map<number, string[]>();
  const typos = new Map<number, string[]>();
  const collect = (into: Map<number, string[]>, keys: Iterable<string>) => {
    for (const key of keys) {
      const n = shardOf(key, index.shards);
      if (wanted && !wanted.has(n)) continue;
      const list = into.get(n);
      if (list) list.push(key);
      else into.set(n, [key]);
    }
  };
  collect(words, index.words.keys());
  collect(typos, index.typos.keys());
  const out = new Map<string, string>();
  const numbers = wanted ?? new Set(Array.from({ length: index.shards }, (_, n) => n));
  for (const n of numbers) {
    // JSON written by hand, key by key: an object would take "__proto__" for its prototype.
    const w = (words.get(n) ?? []).sort(byCodeUnits).map((word) => {
      const pages = topPages(index.words.get(word) as number[]);
      return `${JSON.stringify(word)}:[${pages.join(",")}]`;
    });
    const d = (typos.get(n) ?? [])
      .sort(byCodeUnits)
      .map(
        (shorter) => `${JSON.stringify(shorter)}:${JSON.stringify(index.typos.get(shorter)?.slice(0, maxTypoWords))}`,
      );
    out.set(searchPaths.shard(lang, index.shards, n), `{"w":{${w.join(",")}},"d":{${d.join(",")}}}`);
  }
  return out;
}

const chunkText = (pages: SearchPage[]) => JSON.stringify(pages);

const manifestText = (index: LanguageIndex) =>
  JSON.stringify({ version: 1, shards: index.shards, pageChunk, pages: index.pages } satisfies SearchManifest);

/** Adds `word` to the sorted list of typo form `shorter`. */
function addTypo(typos: Map<string, string[]>, shorter: string, word: string) {
  const list = typos.get(shorter);
  if (!list) typos.set(shorter, [word]);
  else {
    let at = list.length;
    while (at > 0 && list[at - 1] > word) at--;
    list.splice(at, 0, word);
  }
}

/** A language's whole index: its state and every file, by path in dist/. */
export function indexFiles(lang: string, pages: IndexedPage[]): { index: LanguageIndex; files: Map<string, string> } {
  const words = new Map<string, number[]>();
  pages.forEach((page, number) => {
    for (const [word, weight] of wordsOf(page)) {
      const list = words.get(word);
      if (list) list.push(number, weight);
      else words.set(word, [number, weight]);
    }
  });
  const typos = new Map<string, string[]>();
  for (const word of [...words.keys()].sort(byCodeUnits))
    if (hasTypoForms(word))
      for (const shorter of deletions(word)) {
        const list = typos.get(shorter);
        if (list) list.push(word);
        else typos.set(shorter, [word]);
      }
  const index: LanguageIndex = { shards: 0, pages: pages.length, words, typos };
  index.shards = shardsFor(indexBytes(index));
  const files = new Map<string, string>([[searchPaths.manifest(lang), manifestText(index)]]);
  for (const [file, text] of shardTexts(lang, index)) files.set(file, text);
  for (let n = 0; n * pageChunk < pages.length; n++)
    files.set(
      searchPaths.pages(lang, n),
      chunkText(pages.slice(n * pageChunk, (n + 1) * pageChunk).map((p) => p.page)),
    );
  return { index, files };
}

/** A page that changed: its number, and what it was and is. */
export interface ChangedPage {
  number: number;
  before: IndexedPage;
  after: IndexedPage;
}

/**
 * An index kept shard by shard (the build's cache, build-search.ts): its maps hold the shards
 * loaded so far, and an update loads those it reaches, so a change to a few pages reads a few.
 */
export interface IndexParts {
  /** Puts shard `n`'s words and typo forms into the index's maps (once). */
  load(n: number): void;
  /** The bytes (shardSizes) of the shards not loaded. */
  unloadedBytes(): number;
}

/**
 * Updates `index` (in place) for pages that changed, the number of pages the same; returns the
 * files that may have changed, or undefined when the shards would be more or fewer (then the
 * whole index is made again). `pageAt` gives any page by number (for the page files to rewrite);
 * `parts`: the index is kept by shard, its maps holding those loaded.
 */
export function updateIndex(
  lang: string,
  index: LanguageIndex,
  changed: ChangedPage[],
  pageAt: (number: number) => IndexedPage,
  parts?: IndexParts,
): Map<string, string> | undefined {
  const touched = new Set<string>();
  const touchedTypos = new Set<string>();
  for (const { number, before, after } of changed) {
    const was = wordsOf(before);
    const is = wordsOf(after);
    for (const word of new Set([...was.keys(), ...is.keys()])) {
      const weight = is.get(word);
      if (was.get(word) === weight) continue;
      touched.add(word);
      parts?.load(shardOf(word, index.shards));
      const list = index.words.get(word) ?? [];
      const existed = list.length > 0;
      // Its pair for this page out, the new one in at its place in page order.
      let at = 0;
      while (at < list.length && list[at] < number) at += 2;
      if (list[at] === number) list.splice(at, 2);
      if (weight !== undefined) list.splice(at, 0, number, weight);
      if (list.length === 0) index.words.delete(word);
      else index.words.set(word, list);
      if (existed === list.length > 0 || !hasTypoForms(word)) continue;
      for (const shorter of deletions(word)) {
        touchedTypos.add(shorter);
        parts?.load(shardOf(shorter, index.shards));
        if (list.length > 0) addTypo(index.typos, shorter, word);
        else {
          const forms = (index.typos.get(shorter) ?? []).filter((w) => w !== word);
          if (forms.length > 0) index.typos.set(shorter, forms);
          else index.typos.delete(shorter);
        }
      }
    }
  }
  if (shardsFor(indexBytes(index) + (parts?.unloadedBytes() ?? 0)) !== index.shards) return undefined;
  const shards = new Set([...touched, ...touchedTypos].map((key) => shardOf(key, index.shards)));
  const files = shardTexts(lang, index, shards);
  for (const n of new Set(changed.map((c) => Math.floor(c.number / pageChunk)))) {
    const chunk: SearchPage[] = [];
    for (let i = n * pageChunk; i < Math.min(index.pages, (n + 1) * pageChunk); i++) chunk.push(pageAt(i).page);
    files.set(searchPaths.pages(lang, n), chunkText(chunk));
  }
  return files;
}
