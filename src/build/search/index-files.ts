/**
 * One language's search index as files (the format: src/shared/search/index-format.ts). Each page's
 * words count by where they are (title, search terms, speciality, text); a word lists at most
 * `maxPages` pages, the ones it counts most on, so no shard grows with the site: a word on every
 * page ("hyderabad") finds the pages it names best, and a query's other words rank the rest. The
 * shards are as many as make each about `shardBytes`, a power of two so a word's shard is found by
 * its hash alone.
 */
import { type SearchManifest, type SearchShard, searchPaths } from "../../shared/search/index-format";
import { deletions, searchWords, shardOf, typoMinLength } from "../../shared/search/words";
import type { IndexedPage } from "./pages";

/** Pages a word lists at most. */
export const maxPages = 100;
/** Words a one-letter-shorter form lists at most. */
const maxTypoWords = 24;
/** About how large a shard is, in bytes of JSON. */
export const shardBytes = 4096;
/** Pages per page file: a result list of ten reads a few of them. */
export const pageChunk = 8;

/** The files of one language's index, by path in dist/, as text. */
export function indexFiles(lang: string, pages: IndexedPage[]): Map<string, string> {
  // Each word's pages and weights, pairs in page order; a page's word keeps its best weight.
  const postings = new Map<string, number[]>();
  pages.forEach((page, number) => {
    for (const [text, weight] of page.texts) {
      if (!text) continue;
      for (const word of searchWords(text)) {
        const list = postings.get(word);
        if (!list) postings.set(word, [number, weight]);
        else if (list[list.length - 2] !== number) list.push(number, weight);
        else if (list[list.length - 1] < weight) list[list.length - 1] = weight;
      }
    }
  });

  const words = new Map<string, number[]>();
  for (const [word, list] of postings) words.set(word, topPages(list));
  const typos = new Map<string, string[]>();
  for (const word of words.keys()) {
    // Numbers are not mistyped into other numbers: "10000" finds "10000" only.
    if (Array.from(word).length < typoMinLength || /\p{N}/u.test(word)) continue;
    for (const shorter of deletions(word)) {
      const list = typos.get(shorter);
      if (!list) typos.set(shorter, [word]);
      else if (list.length < maxTypoWords) list.push(word);
    }
  }

  // Bytes: a word's entry is its text and its numbers; a typo form's, its text and its words.
  let bytes = 0;
  for (const [word, list] of words) bytes += word.length * 2 + 6 + list.length * 3;
  for (const [shorter, list] of typos) bytes += shorter.length * 2 + 6 + list.reduce((n, w) => n + w.length * 2 + 3, 0);
  let shards = 1;
  while (shards * shardBytes < bytes) shards *= 2;

  // Objects without a prototype: a word may be "__proto__".
  const byShard: SearchShard[] = Array.from({ length: shards }, () => ({
    w: Object.create(null),
    d: Object.create(null),
  }));
  // In the order the pages give them (the same pages give the same files): no sort needed.
  for (const [word, list] of words) byShard[shardOf(word, shards)].w[word] = list;
  for (const [shorter, list] of typos) byShard[shardOf(shorter, shards)].d[shorter] = list;

  const files = new Map<string, string>();
  const manifest: SearchManifest = { version: 1, shards, pageChunk, pages: pages.length };
  files.set(searchPaths.manifest(lang), JSON.stringify(manifest));
  for (const [n, shard] of byShard.entries()) files.set(searchPaths.shard(lang, shards, n), JSON.stringify(shard));
  for (let n = 0; n * pageChunk < pages.length; n++)
    files.set(
      searchPaths.pages(lang, n),
      JSON.stringify(pages.slice(n * pageChunk, (n + 1) * pageChunk).map((p) => p.page)),
    );
  return files;
}

/**
 * A word's pages, most weight first (then page order), at most maxPages of them, as pairs. The
 * pairs come in page order and weights are a few small numbers, so a pass per weight keeps the
 * order without sorting (a word on every page of 30,000 is sorted in no time).
 */
function topPages(list: number[]): number[] {
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
