/**
 * The build's search step: each language's index (index-files.ts) of the pages pages.ts lists,
 * written to dist/assets/search/{lang}/ with compressed copies. Incremental: treatments keep the
 * texts the last build read unless they changed (treatments.ts), and a file whose text hashes as
 * the last build's is not written again; files of the last index that this one has not (fewer
 * shards) are removed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { searchPaths } from "../../shared/search/index-format";
import type { CatalogEntry } from "../catalog";
import { compressFile } from "../compress";
import { hashOf } from "../inputs";
import { writeOutput } from "../output-file";
import { indexFiles } from "./index-files";
import { indexedPages } from "./pages";
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

interface SearchCache {
  version: 1;
  treatments: Record<string, SearchTreatment>;
  /** The hash of each file written, by path in dist/. */
  files: Record<string, string>;
}

const cacheFile = (cache: string) => path.join(cache, "search-index.json");

function readCache(cache: string): SearchCache | undefined {
  try {
    const kept = JSON.parse(readFileSync(cacheFile(cache), "utf8")) as SearchCache;
    return kept.version === 1 ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the search index of every language; returns the files written and removed (paths in dist/). */
export function buildSearch(options: SearchBuild): { written: string[]; removed: string[]; pages: number } {
  const { root, distDir, languages } = options;
  const before = options.full ? undefined : readCache(options.cache);
  const siteRoot = path.join(root, "site-config");
  const treatments = searchTreatments(root, options.catalog, before?.treatments ?? {});
  const written: string[] = [];
  const removed: string[] = [];
  const hashes: Record<string, string> = {};
  let pages = 0;
  for (const lang of languages) {
    const indexed = indexedPages(siteRoot, lang, languages[0], treatments);
    pages += indexed.length;
    const files = indexFiles(lang, indexed);
    for (const [relative, text] of files) {
      const hash = hashOf(text);
      hashes[relative] = hash;
      const file = path.join(distDir, relative);
      if (before?.files[relative] === hash && existsSync(file)) continue;
      mkdirSync(path.dirname(file), { recursive: true });
      const bytes = Buffer.from(text);
      writeOutput(file, bytes);
      written.push(relative, ...compressFile(distDir, relative, bytes));
    }
    const folder = path.join(distDir, searchPaths.folder(lang));
    for (const name of readdirSync(folder)) {
      const relative = `${searchPaths.folder(lang)}/${name}`;
      if (!files.has(relative.replace(/\.(br|gz)$/, ""))) {
        rmSync(path.join(folder, name), { force: true });
        removed.push(relative);
      }
    }
  }
  mkdirSync(options.cache, { recursive: true });
  const cache: SearchCache = { version: 1, treatments, files: hashes };
  writeFileSync(cacheFile(options.cache), JSON.stringify(cache));
  return { written, removed, pages };
}
