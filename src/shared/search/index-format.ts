/**
 * The shape of the site search's index as the build writes it and the browser reads it, one
 * index per language under `assets/search/{lang}/` (see src/build/search/ and src/site/search/):
 *
 * - `index.json` (a few dozen bytes): how many shards the index has and how many pages a page
 *   file holds; the one file every query reads first;
 * - `{shards}-{n}.json`: one shard of the words: each word the shard holds with the pages it is
 *   on (`w`), and each of its one-letter-shorter forms with the words they come from (`d`, for
 *   typos). A word's shard is `shardOf(word, shards)`, so a query fetches the shards of its own
 *   words and their one-letter-shorter forms, never the whole index: the number of shards grows
 *   with the site and a shard stays the same size;
 * - `pages-{n}.json`: the pages of numbers `n * pageChunk` to `(n + 1) * pageChunk - 1`: what a
 *   result shows (its address, title, speciality and text for the snippet).
 *
 * Pure: no DOM, no Node.
 */

/** The first file a query reads. */
export interface SearchManifest {
  /** The format's version: a browser with an older script reloads rather than misreads. */
  version: 1;
  shards: number;
  pageChunk: number;
  pages: number;
}

/** One shard: words with their pages (page number, weight, page number, weight, …) and typo forms. */
export interface SearchShard {
  w: Record<string, number[]>;
  d: Record<string, string[]>;
}

/** One page as a result shows it. */
export interface SearchPage {
  /** Its address, in the index's language. */
  u: string;
  /** Its title. */
  t: string;
  /** Its speciality, or what kind of page it is ("Hospital in Hyderabad"). */
  s: string;
  /** The text a snippet is cut from. */
  x: string;
  /** Its search terms, shown when only they matched. */
  k?: string;
  /** The language of its title and text when they are not the index's own (an untranslated page). */
  l?: string;
}

/** Where the files are, from the site's root ('/' + these in the browser). */
export const searchPaths = {
  manifest: (lang: string) => `assets/search/${lang}/index.json`,
  shard: (lang: string, shards: number, n: number) => `assets/search/${lang}/${shards}-${n}.json`,
  pages: (lang: string, n: number) => `assets/search/${lang}/pages-${n}.json`,
  folder: (lang: string) => `assets/search/${lang}`,
};
