/**
 * The build's search step: each language's index (index-files.ts) of the pages pages.ts lists,
 * written to dist/assets/search/{lang}/ with compressed copies. Incremental: treatments keep the
 * texts the last build read unless they changed (treatments.ts); when only some treatments
 * changed, each language's index is updated for their pages alone and only the files that changed
 * are written (a file whose text hashes as the last build's is not written again). A treatment
 * added or removed, or shards grown in number, make the language's index whole again, and files
 * of the last index it no longer has are removed.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { searchPaths } from "../../shared/search/index-format";
import type { CatalogEntry } from "../catalog";
import { compressFile } from "../compress";
import { hashOf } from "../inputs";
import { writeOutput } from "../output-file";
import { type ChangedPage, indexFiles, type LanguageIndex, updateIndex } from "./index-files";
import { StaleTexts, TreatmentTextStore } from "./kept-texts";
import { type IndexedPage, LanguagePages } from "./pages";
import {
  clearSearchCache,
  folderOf,
  type KeptLanguage,
  type KeptParts,
  keptIndex,
  readSearchCache,
  StaleShard,
  writeSearchCache,
  writeShards,
  writeTexts,
} from "./search-cache";
import { treatmentSources } from "./treatments";

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

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Writes the search index of every language; returns the files written and removed (paths in dist/). */
export function buildSearch(options: SearchBuild): { written: string[]; removed: string[]; pages: number } {
  const { root, distDir, languages } = options;
  const before = options.full ? undefined : readSearchCache(options.cache);
  // Nothing kept is of use: the index is made whole and written whole.
  if (!before) clearSearchCache(options.cache);
  const siteRoot = path.join(root, "site-config");
  // Each treatment's texts: read from its files when it changed, from the kept ones when asked.
  const texts = new TreatmentTextStore(folderOf(options.cache), treatmentSources(root, options.catalog), before?.texts);
  const { order } = texts;
  const written: string[] = [];
  const removed: string[] = [];
  const kept: Record<string, KeptLanguage> = {};
  let pages = 0;
  for (const lang of languages) {
    const site = new LanguagePages(siteRoot, lang, languages[0]);
    const pageAt = (n: number): IndexedPage =>
      n < order.length ? site.treatment(texts.get(order[n])) : site.others[n - order.length];
    const count = order.length + site.others.length;
    pages += count;
    const last = before?.languages[lang];
    let index: LanguageIndex | undefined;
    let files: Map<string, string> | undefined;
    let parts: KeptParts | undefined;
    if (last && before && last.pages === count && sameList(before.texts.order, order)) {
      // The kept index, its shards read as the update reaches them.
      ({ index, parts } = keptIndex(options.cache, lang, last));
      try {
        const changed: ChangedPage[] = [];
        order.forEach((id, number) => {
          if (texts.changed(id))
            changed.push({ number, before: site.treatment(texts.last(id)), after: site.treatment(texts.get(id)) });
        });
        files = changed.length === 0 ? new Map() : updateIndex(lang, index, changed, pageAt, parts);
      } catch (error) {
        if (!(error instanceof StaleShard) && !(error instanceof StaleTexts)) throw error;
        files = undefined;
      }
    }
    const whole = !files || !index;
    if (whole) {
      ({ index, files } = indexFiles(
        lang,
        Array.from({ length: count }, (_, n) => pageAt(n)),
      ));
      parts = undefined;
    }
    const hashes: Record<string, string> = whole ? {} : { ...last?.files };
    for (const [relative, text] of files as Map<string, string>) {
      // 64 bits of the hash tell a changed file from an unchanged one well enough, in half the cache.
      const hash = hashOf(text).slice(0, 16);
      const file = path.join(distDir, relative);
      if (last?.files[relative] !== hash || !existsSync(file)) {
        mkdirSync(path.dirname(file), { recursive: true });
        const bytes = Buffer.from(text);
        writeOutput(file, bytes);
        written.push(relative, ...compressFile(distDir, relative, bytes));
      }
      hashes[relative] = hash;
    }
    if (whole) removed.push(...removeOthers(distDir, lang, hashes));
    kept[lang] = writeShards(options.cache, lang, index as LanguageIndex, hashes, last, parts);
  }
  // After the shards it names: a build stopped half-way leaves the last cache's index.v8 naming
  // shards whose files are no longer the ones it tagged, and the next build makes the index whole.
  const { files: textFiles, index: textIndex } = texts.toWrite();
  writeTexts(options.cache, textFiles);
  texts.removeBeyond(textIndex.tags.length);
  writeSearchCache(options.cache, { texts: textIndex, languages: kept });
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
