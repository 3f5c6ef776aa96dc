/**
 * The site search in the browser: reads the language's index (src/shared/search/index-format.ts)
 * a shard at a time, only the shards of the query's words and of their one-letter-shorter forms,
 * then the page files of the results shown. Nothing loads before someone searches: this module is
 * a chunk of the results page's block, and the files are fetched by the query.
 *
 * Ranking: a page counts each query word once, by the best of the index's words it matches: the
 * word itself, or (in a word of five or more letters) a word one letter apart, at half weight.
 * Pages that match more of the query's words come first, then by weight.
 */
import type { SearchManifest, SearchPage, SearchShard } from "../../shared/search/index-format";
import { searchPaths } from "../../shared/search/index-format";
import { deletions, searchWords, shardOf, typoMinLength, withinOneEdit } from "../../shared/search/words";

/** How a word found by a typo counts against the word itself. */
const typoFactor = 0.5;
/** Query words looked up at most (a pasted paragraph is not a query). */
const maxQueryWords = 8;
/** Results shown. */
export const resultLimit = 20;

/** One result: the page and the index's words it was found by (to highlight them). */
export interface SearchResult {
  page: SearchPage;
  found: Set<string>;
}

export interface SearchAnswer {
  results: SearchResult[];
  /** Pages found, of which `results` are the first. */
  total: number;
}

/** Reads a file of the index (a function so tests and the benchmark can count what is read). */
export type ReadJson = (path: string) => Promise<unknown>;

const readWithFetch: ReadJson = async (path) => {
  const response = await fetch(`/${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
};

/** A shard's entry for `key`, if it has one (not an Object.prototype member: "constructor" is a word). */
function own<T>(table: Record<string, T> | undefined, key: string): T | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Each file once per page view: a second query reads only what the first did not. */
export class SearchIndex {
  private readonly files = new Map<string, Promise<unknown>>();
  constructor(
    private readonly lang: string,
    private readonly read: ReadJson = readWithFetch,
  ) {}

  private file<T>(path: string): Promise<T> {
    let file = this.files.get(path);
    if (!file) {
      file = this.read(path);
      // A failed read (offline) is tried again by the next query.
      file.catch(() => this.files.delete(path));
      this.files.set(path, file);
    }
    return file as Promise<T>;
  }

  private async shards(manifest: SearchManifest, keys: Iterable<string>): Promise<Map<string, SearchShard>> {
    const out = new Map<string, SearchShard>();
    const wanted = new Set<number>();
    const shardOfKey = new Map<string, number>();
    for (const key of keys) {
      const n = shardOf(key, manifest.shards);
      shardOfKey.set(key, n);
      wanted.add(n);
    }
    const loaded = new Map<number, SearchShard>();
    await Promise.all(
      [...wanted].map(async (n) =>
        loaded.set(n, await this.file<SearchShard>(searchPaths.shard(this.lang, manifest.shards, n))),
      ),
    );
    for (const [key, n] of shardOfKey) out.set(key, loaded.get(n) as SearchShard);
    return out;
  }

  /** The pages that match `query`, best first. */
  async search(query: string): Promise<SearchAnswer> {
    const words = [...new Set(searchWords(query))].slice(0, maxQueryWords);
    if (words.length === 0) return { results: [], total: 0 };
    const manifest = await this.file<SearchManifest>(searchPaths.manifest(this.lang));

    // First the shards of the words and their shorter forms: the words they match.
    const typoForms = (word: string) => (Array.from(word).length >= typoMinLength ? deletions(word) : []);
    const first = await this.shards(
      manifest,
      words.flatMap((w) => [w, ...typoForms(w)]),
    );
    const matches = words.map((word) => {
      const found = new Map<string, number>();
      const add = (term: string, factor: number) => found.set(term, Math.max(found.get(term) ?? 0, factor));
      if (own(first.get(word)?.w, word)) add(word, 1);
      if (typoForms(word).length > 0) {
        for (const longer of own(first.get(word)?.d, word) ?? []) add(longer, typoFactor);
        for (const shorter of typoForms(word)) {
          const shard = first.get(shorter);
          if (own(shard?.w, shorter)) add(shorter, typoFactor);
          for (const other of own(shard?.d, shorter) ?? []) if (withinOneEdit(word, other)) add(other, typoFactor);
        }
      }
      return found;
    });

    // Then the shards of the words matched by a typo, for their pages.
    const terms = new Set(matches.flatMap((m) => [...m.keys()]));
    const second = await this.shards(manifest, terms);
    const scores = new Map<number, { matched: number; weight: number; found: Set<string> }>();
    for (const found of matches) {
      const best = new Map<number, { weight: number; term: string }>();
      for (const [term, factor] of found) {
        const pages = own(second.get(term)?.w, term) ?? [];
        for (let i = 0; i < pages.length; i += 2) {
          const weight = pages[i + 1] * factor;
          if ((best.get(pages[i])?.weight ?? 0) < weight) best.set(pages[i], { weight, term });
        }
      }
      for (const [page, { weight, term }] of best) {
        const score = scores.get(page) ?? { matched: 0, weight: 0, found: new Set<string>() };
        score.matched++;
        score.weight += weight;
        score.found.add(term);
        scores.set(page, score);
      }
    }
    const ranked = [...scores.entries()].sort(
      ([a, x], [b, y]) => y.matched - x.matched || y.weight - x.weight || a - b,
    );
    const shown = ranked.slice(0, resultLimit);
    const chunks = new Map<number, SearchPage[]>();
    await Promise.all(
      [...new Set(shown.map(([page]) => Math.floor(page / manifest.pageChunk)))].map(async (n) =>
        chunks.set(n, await this.file<SearchPage[]>(searchPaths.pages(this.lang, n))),
      ),
    );
    return {
      results: shown.map(([page, { found }]) => ({
        page: (chunks.get(Math.floor(page / manifest.pageChunk)) as SearchPage[])[page % manifest.pageChunk],
        found,
      })),
      total: ranked.length,
    };
  }
}
