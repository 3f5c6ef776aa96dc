/**
 * The build's search step: each language's index (index-files.ts) of the pages pages.ts lists,
 * written to dist/assets/search/{lang}/ with compressed copies. Incremental: treatments keep the
 * texts the last build read unless they changed (treatments.ts); when only some treatments
 * changed, each language's index is updated for their pages alone and only the files that changed
 * are written (a file whose text hashes as the last build's is not written again). A treatment
 * added or removed, or shards grown in number, make the language's index whole again, and files
 * of the last index it no longer has are removed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { searchPaths } from "../../shared/search/index-format";
import type { CatalogEntry } from "../catalog";
import { compressFile } from "../compress";
import { hashOf } from "../inputs";
import { writeOutput } from "../output-file";
import { type ChangedPage, indexFiles, type LanguageIndex, updateIndex } from "./index-files";
import { type IndexedPage, LanguagePages, treatmentOrder } from "./pages";
import { type SearchTreatment, searchTreatments } from "./treatments";

export interface SearchBuild {
  root: string;
  distDir: string;
  /** The build's cache folder. */
  cache: string;
  catalog: Record<string, CatalogEntry>;
  /** The site's language codes, the default first. */
  languages: string[];
  /** A full build: nothing of the last build is reused, every file is written. */
  full: boolean;
}

/**
 * The search step's cache: V8's serialisation, as the build state's (build-state.ts), which keeps
 * the index's Maps as they are; at 10,000 treatments (13 MB) it read and wrote in about half the
 * time JSON took, with no Map made into a list of entries and back.
 */
interface SearchCache {
  version: 4;
  treatments: Record<string, SearchTreatment>;
  /** The treatments in page order. */
  order: string[];
  /** By language: the index, and the hash of each file written. */
  languages: Record<string, { index: LanguageIndex; files: Record<string, string> }>;
}

const cacheFile = (cache: string) => path.join(cache, "search-index.v8");

function readCache(cache: string): SearchCache | undefined {
  try {
    const kept = deserialize(readFileSync(cacheFile(cache))) as SearchCache;
    return kept.version === 4 ? kept : undefined;
  } catch {
    return undefined;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Writes the search index of every language; returns the files written and removed (paths in dist/). */
export function buildSearch(options: SearchBuild): { written: string[]; removed: string[]; pages: number } {
  const { root, distDir, languages } = options;
  const before = options.full ? undefined : readCache(options.cache);
  const siteRoot = path.join(root, "site-config");
  const treatments = searchTreatments(root, options.catalog, before?.treatments ?? {});
  const order = treatmentOrder(treatments);
  const written: string[] = [];
  const removed: string[] = [];
  const cache: SearchCache = { version: 4, treatments, order, languages: {} };
  let pages = 0;
  for (const lang of languages) {
    const site = new LanguagePages(siteRoot, lang, languages[0]);
    const pageAt = (n: number): IndexedPage =>
      n < order.length ? site.treatment(treatments[order[n]]) : site.others[n - order.length];
    const count = order.length + site.others.length;
    pages += count;
    const kept = before?.languages[lang];
    let index: LanguageIndex | undefined;
    let files: Map<string, string> | undefined;
    if (kept && before && kept.index.pages === count && sameList(before.order, order)) {
      // Read from the cache for this build alone: updated in place.
      index = kept.index;
      const changed: ChangedPage[] = [];
      order.forEach((id, number) => {
        const was = before.treatments[id];
        if (was.key !== treatments[id].key)
          changed.push({ number, before: site.treatment(was), after: site.treatment(treatments[id]) });
      });
      files = changed.length === 0 ? new Map() : updateIndex(lang, index, changed, pageAt);
    }
    const whole = !files || !index;
    if (whole)
      ({ index, files } = indexFiles(
        lang,
        Array.from({ length: count }, (_, n) => pageAt(n)),
      ));
    const hashes: Record<string, string> = whole ? {} : { ...kept?.files };
    for (const [relative, text] of files as Map<string, string>) {
      // 64 bits of the hash tell a changed file from an unchanged one well enough, in half the cache.
      const hash = hashOf(text).slice(0, 16);
      const file = path.join(distDir, relative);
      if (kept?.files[relative] !== hash || !existsSync(file)) {
        mkdirSync(path.dirname(file), { recursive: true });
        const bytes = Buffer.from(text);
        writeOutput(file, bytes);
        written.push(relative, ...compressFile(distDir, relative, bytes));
      }
      hashes[relative] = hash;
    }
    if (whole) removed.push(...removeOthers(distDir, lang, hashes));
    const { shards, words, typos } = index as LanguageIndex;
    cache.languages[lang] = { index: { shards, pages: count, words, typos }, files: hashes };
  }
  mkdirSync(options.cache, { recursive: true });
  // Written aside and renamed: a build stopped half-way leaves the last cache whole.
  const file = cacheFile(options.cache);
  writeFileSync(`${file}.tmp`, serialize(cache));
  renameSync(`${file}.tmp`, file);
  // The cache as earlier builds kept it (JSON), which no build reads now: a full build clears it.
  if (options.full) rmSync(path.join(options.cache, "search-index.json"), { force: true });
  return { written, removed, pages };
}

/** Removes the files of a language's folder that its index does not have (and their copies). */
function removeOthers(distDir: string, lang: string, files: Record<string, string>): string[] {
  const folder = path.join(distDir, searchPaths.folder(lang));
  const removed: string[] = [];
  for (const name of readdirSync(folder)) {
    const relative = `${searchPaths.folder(lang)}/${name}`;
    if (!(relative.replace(/\.(br|gz)$/, "") in files)) {
      rmSync(path.join(folder, name), { force: true });
      removed.push(relative);
    }
  }
  return removed;
}
