/**
 * The pieces of a build's output, each made by one job: a page, a treatment's data file and
 * built-in copy, a treatment's texts in one language (data file and built-in copy), a page of a
 * treatment list, a collection's index, or the compressed copies of a file the client build wrote. A job writes its files and their .br/.gz copies. The build runs
 * the jobs whose inputs changed (src/build/plan/): on a worker per core when there are many,
 * in its own thread when there are few. This module is part of the server bundle, with the site.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  builtInModule,
  dataPaths,
  type TreatmentListPage,
  type TreatmentTranslationData,
  treatmentIndex,
  withTranslatedField,
} from "../../shared/collections/data-files";
import { type CompressCache, compressFile, compressFileCached, getsCopies, isCompressible } from "../compress";
import { encodedParts, type TextParts, writeOutput } from "../output-file";
import { pageFile } from "../page-file";
import { type Manifest, routeAssets } from "./assets";
import type { PageInfo, PageSources, PageSpec } from "./manifest";
import { pageBuildError } from "./page-error";
import { treatmentDataText } from "./page-hydration";
import { type JobCatalog, readersOf, translatedLanguages } from "./treatment-readers";

export type { ItemSource, JobCatalog, TranslationSource } from "./treatment-readers";

export type Job =
  | { kind: "page"; spec: PageSpec }
  | { kind: "treatment-data"; dataFile: string; slug: string }
  | { kind: "treatment-translation"; lang: string; dataFile: string; slug: string }
  | { kind: "list-data"; dataFile: string; page: number }
  | { kind: "index-data"; dataFile: string }
  | { kind: "compress"; file: string };

export interface JobContext {
  distDir: string;
  /** The built index.html, the template of every page. */
  template: string;
  /** Each language's font and stylesheet (src/build/fonts.ts), linked by that language's pages. */
  fonts?: Record<string, { stylesheet: string; font: string; bytes: number }>;
  catalog: JobCatalog;
  /**
   * An incremental build: dist/ holds the last build's files, and a file whose content comes out
   * the same is left alone, compressed copies and all. (A full build writes every file, and
   * removes afterwards whatever it did not write.)
   */
  incremental: boolean;
  /** Where compress jobs keep the copies they make, by content (compress.ts's compressFileCached). */
  compressCache?: CompressCache;
}

export interface JobResult {
  /** Files written (changed or new), relative to dist/, compressed copies included. */
  written: string[];
  /** Files that were made again and came out the same. */
  unchanged: number;
  /** Milliseconds spent per part of the work, summed over the jobs (the build prints them). */
  times: Record<string, number>;
  /** The social card (relative to dist/) of each page rendered, null for a page without one. */
  pageCards?: Record<string, string | null>;
  /** Social cards' sources written, and found in dist/ already (src/build/social/cards.ts). */
  cards?: { written: number; found: number };
}

/** Renders one page to its whole HTML document (entry-server.tsx). */
export type RenderPage = (info: PageInfo, template: string) => Promise<string | TextParts>;
export type PageInfoOf = (spec: PageSpec, sources: PageSources) => Promise<PageInfo>;

/** Runs jobs in this thread. */
export async function runJobs(
  jobs: Job[],
  context: JobContext,
  pages: { render: RenderPage; pageInfo: PageInfoOf; lists: Record<string, TreatmentListPage[]> },
): Promise<JobResult> {
  const result: JobResult = { written: [], unchanged: 0, times: {} };
  const timed = <T>(part: string, work: () => T): T => {
    const start = performance.now();
    try {
      return work();
    } finally {
      result.times[part] = (result.times[part] ?? 0) + performance.now() - start;
    }
  };
  const { item, translation } = readersOf(context.catalog);
  const sources: PageSources = { catalog: context.catalog.catalog, item, translation, lists: pages.lists };
  let assetsOf: ((modules: string[]) => { scripts: string[]; styles: string[] }) | undefined;

  const write = (relative: string, content: string | Uint8Array | TextParts) => {
    const file = path.join(context.distDir, relative);
    // A page in a full build: written as the string (or parts) it is, with no copy to make from its
    // bytes and none to compare them with (a conversion to bytes per page was 8 % of a worker's time).
    if (!context.incremental && !(content instanceof Uint8Array) && !getsCopies(relative)) {
      timed("write", () => writeOutput(file, content));
      result.written.push(relative);
      return;
    }
    const bytes =
      typeof content === "string"
        ? Buffer.from(content)
        : content instanceof Uint8Array
          ? content
          : Buffer.from(encodedParts(content));
    if (context.incremental) {
      let before: Buffer | undefined;
      try {
        before = readFileSync(file);
      } catch {
        before = undefined;
      }
      if (before?.equals(bytes)) {
        result.unchanged++;
        return;
      }
    }
    timed("write", () => writeOutput(file, bytes));
    result.written.push(
      relative,
      ...timed("compress", () => compressFile(context.distDir, relative, bytes, !context.incremental)),
    );
  };

  for (const job of jobs) {
    switch (job.kind) {
      case "page": {
        assetsOf ??= routeAssets(readManifest(context.distDir));
        let html: string | TextParts;
        try {
          let start = performance.now();
          const info = await pages.pageInfo(job.spec, sources);
          info.assets = assetsOf(info.modules);
          result.times["page info"] = (result.times["page info"] ?? 0) + performance.now() - start;
          start = performance.now();
          html = await pages.render(info, context.template);
          result.times.render = (result.times.render ?? 0) + performance.now() - start;
        } catch (error) {
          throw pageBuildError(job.spec, context.catalog, error);
        }
        write(pageFile(job.spec.path), html);
        break;
      }
      case "treatment-data": {
        const data = timed("read", () => item(job.dataFile, job.slug));
        const translated = translatedLanguages(context.catalog, job.dataFile, job.slug);
        // Serialised once with its pages' data, which ran just before (plan/order.ts).
        const json = withTranslatedField(treatmentDataText(context.catalog.catalog[job.dataFile], data), translated);
        write(dataPaths.treatment(job.dataFile, job.slug), json);
        write(dataPaths.builtInTreatment(job.dataFile, job.slug), builtInModule(json));
        break;
      }
      case "treatment-translation": {
        const strings = timed("read", () => translation(job.lang, job.dataFile, job.slug));
        const json = JSON.stringify({ strings } satisfies TreatmentTranslationData);
        write(dataPaths.translation(job.lang, job.dataFile, job.slug), json);
        write(dataPaths.builtInTranslation(job.lang, job.dataFile, job.slug), builtInModule(json));
        break;
      }
      case "list-data": {
        const list = pages.lists[job.dataFile]?.[job.page - 1];
        if (!list) throw new Error(`${job.dataFile} has no list page ${job.page}.`);
        write(dataPaths.listPage(job.dataFile, job.page), JSON.stringify(list));
        break;
      }
      case "index-data": {
        const collection = context.catalog.catalog[job.dataFile];
        const json = JSON.stringify(treatmentIndex(collection, collection.items));
        write(dataPaths.index(job.dataFile), json);
        write(dataPaths.builtInIndex(job.dataFile), builtInModule(json));
        break;
      }
      case "compress": {
        if (!isCompressible(job.file)) break;
        const body = readFileSync(path.join(context.distDir, job.file));
        result.written.push(
          ...timed("compress", () =>
            context.compressCache
              ? compressFileCached(context.distDir, job.file, body, context.compressCache)
              : compressFile(context.distDir, job.file, body),
          ),
        );
        break;
      }
    }
  }
  return result;
}

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"));
  } catch {
    throw new Error(
      `${distDir}/.vite/manifest.json is missing: run the client build (vite build) before prerendering.`,
    );
  }
}
