/**
 * Prerendering and the other jobs of a build (src/build/prerender/jobs.ts), run by the server
 * bundle: built with Vite from entry-server.tsx, then loaded in this thread for a few jobs or on
 * a worker per core for many, each worker taking every n-th job.
 *
 * `tsx scripts/prerender.ts` renders every page of an existing client build (the prerender
 * benchmark uses it); `npm run build` (src/build/build.ts) runs it as part of the build.
 *
 * Usage: tsx src/build/prerender/prerender.ts [--dist dist] [--collections site-config/collections]
 *        [--skip-ssr-build] [--ssr-dir .tmp/ssr] [--workers N]
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { buildLanguageFonts } from "../fonts";
import { InputScanner } from "../inputs";
import { projectRoot } from "../project-root";
import { robotsTxt, sitemapFiles } from "../sitemap";
import { serverBundleOptions } from "../vite/vite-builds";
import type { Job, JobContext, JobResult } from "./jobs";
import type { Catalog, PageSpec } from "./manifest";

const root = projectRoot;

/** What the server bundle offers the build (entry-server.tsx). */
export interface ServerBundle {
  listPages(catalog: Catalog): Promise<PageSpec[]>;
  catalogListPages(catalog: Catalog): Record<string, import("../../shared/collections/data-files").TreatmentListPage[]>;
  runJobs(jobs: Job[], context: JobContext): Promise<JobResult>;
  siteFacts: {
    name: string;
    logo: string;
    canonicalBase: string;
    languages: { code: string; englishName: string }[];
    wholeCollectionFiles: boolean;
  };
}

/** Builds src/build/prerender/entry-server.tsx for Node into ssrDir (`tsx scripts/prerender.ts`). */
export async function buildServerEntry(ssrDir: string, projectRoot = root) {
  // Loaded when the code changed, not by every build (vite is most of the build's start-up).
  const { build } = await import("vite");
  await build(serverBundleOptions(projectRoot, ssrDir));
}

/**
 * The server bundle's entry in `ssrDir`. `version` names the bundle's content: a process that
 * builds twice (a test, the dev tools) would otherwise get the first bundle from the module cache.
 */
export async function loadServerBundle(ssrDir: string, version = ""): Promise<ServerBundle> {
  const url = pathToFileURL(path.join(ssrDir, "entry-server.js"));
  if (version) url.searchParams.set("v", version);
  return (await import(url.href)) as ServerBundle;
}

/** Jobs a worker takes at a time: small enough that the workers finish together. */
const batchSize = (jobs: number, workers: number) => Math.max(1, Math.min(50, Math.ceil(jobs / (workers * 40))));

/**
 * What a worker is started with: every job, and a counter shared by the workers saying which batch
 * is the next to take. The workers take their batches themselves, so the build's own thread is free
 * for work of its own meanwhile (the search index: build.ts) without leaving a worker waiting for
 * its next batch.
 */
export interface WorkerOrders {
  ssrEntry: string;
  context: JobContext;
  jobs: Job[];
  size: number;
  /** An Int32Array over a SharedArrayBuffer: [0] is the number of batches taken so far. */
  next: Int32Array;
}

/** Runs one worker (worker.mjs) until no batch is left; resolves with what its batches did. */
function runWorker(orders: WorkerOrders): Promise<JobResult[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(projectRoot, "src/build/prerender/worker.mjs"), {
      workerData: orders,
      // Rendering makes short-lived garbage by the megabyte: a larger young generation lets more
      // of it die there instead of being copied and promoted (measured: 2,047 pages on one worker
      // 7.9 s -> 6.2 s; no change at 10,000 pages on two).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    // Its last word: what it did, posted as it ends.
    worker.once("message", (results: JobResult[]) => resolve(results));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`A build worker stopped with code ${code} before it was done.`)));
  });
}

/** What several runs of jobs did, as one. */
export function mergeResults(results: JobResult[]): JobResult {
  const times: Record<string, number> = {};
  for (const r of results) for (const [part, ms] of Object.entries(r.times)) times[part] = (times[part] ?? 0) + ms;
  const cards = (key: "written" | "found") => results.reduce((n, r) => n + (r.cards?.[key] ?? 0), 0);
  return {
    // A social card shared by pages of several batches is named by each.
    written: [...new Set(results.flatMap((r) => r.written))],
    unchanged: results.reduce((n, r) => n + r.unchanged, 0),
    times,
    cards: { written: cards("written"), found: cards("found") },
    pageCards: Object.assign({}, ...results.map((r) => r.pageCards ?? {})),
  };
}

/**
 * Runs jobs on `workers` workers, in order, each taking the next batch when it has done its last
 * (a static share left one worker a second behind the other at 10,000 pages: jobs of one kind do
 * not cost the same), and merges what they did. The returned promise settles as the workers end;
 * the calling thread is not needed meanwhile.
 */
export async function runJobsOnWorkers(
  jobs: Job[],
  context: JobContext,
  ssrDir: string,
  workers: number,
): Promise<JobResult> {
  const ssrEntry = pathToFileURL(path.join(ssrDir, "entry-server.js")).href;
  const count = Math.max(1, Math.min(workers, jobs.length));
  const orders: WorkerOrders = {
    ssrEntry,
    context,
    jobs,
    size: batchSize(jobs.length, count),
    next: new Int32Array(new SharedArrayBuffer(4)),
  };
  const results = await Promise.all(Array.from({ length: count }, () => runWorker(orders)));
  return mergeResults(results.flat());
}

/** The copy of the app shell static hosts (Netlify, Cloudflare Pages, GitHub Pages) answer unknown addresses with, status 404. */
export const notFoundPage = "404.html";

/**
 * The page template: the client build's index.html, kept as shell.html (what the relay and nginx
 * answer an address with no page with, status 404; the app then resolves it or goes to /home) and
 * as 404.html, the same for static hosts.
 */
export function pageTemplate(distDir: string): string {
  const shellPath = path.join(distDir, "shell.html");
  let template: string;
  try {
    template = readFileSync(shellPath, "utf8");
  } catch {
    template = readFileSync(path.join(distDir, "index.html"), "utf8");
    writeFileSync(shellPath, template);
  }
  const notFoundPath = path.join(distDir, notFoundPage);
  if (!existsSync(notFoundPath) || readFileSync(notFoundPath, "utf8") !== template)
    writeFileSync(notFoundPath, template);
  return template;
}

/** Renders every page of the site into an existing client build (no cache, no data files). */
export async function prerenderAll(options: {
  distDir: string;
  collectionsDir: string;
  ssrDir: string;
  buildSsr: boolean;
  workers: number;
}) {
  const started = performance.now();
  const { readCatalog, jobCatalog } = await import("../catalog");
  if (options.buildSsr) await buildServerEntry(options.ssrDir);
  const bundle = await loadServerBundle(options.ssrDir);
  const scanner = new InputScanner(path.dirname(path.dirname(options.collectionsDir)), {});
  const catalog = jobCatalog(scanner.root, readCatalog(scanner, options.collectionsDir, undefined));
  const specs = await bundle.listPages(catalog.catalog);
  const context: JobContext = {
    distDir: options.distDir,
    template: pageTemplate(options.distDir),
    catalog,
    incremental: false,
    fonts: await buildLanguageFonts(root, options.distDir, path.join(root, ".tmp", "fonts")),
  };
  const jobs: Job[] = specs.map((spec) => ({ kind: "page", spec }));
  const done = await runJobsOnWorkers(jobs, context, options.ssrDir, options.workers);
  const base = bundle.siteFacts.canonicalBase;
  for (const [name, text] of Object.entries(sitemapFiles(base, specs, bundle.siteFacts.languages)))
    writeFileSync(path.join(options.distDir, name), text);
  writeFileSync(path.join(options.distDir, "robots.txt"), robotsTxt(base));
  return {
    pages: specs.length,
    seconds: (performance.now() - started) / 1000,
    workers: options.workers,
    cards: done.cards ?? { written: 0, found: 0 },
  };
}

export async function main() {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: "dist" },
      collections: { type: "string", default: "site-config/collections" },
      "skip-ssr-build": { type: "boolean", default: false },
      // Where the server bundle is (built there unless --skip-ssr-build): the build keeps its own
      // in its cache folder, which a test may reuse with --skip-ssr-build.
      "ssr-dir": { type: "string", default: ".tmp/ssr" },
      workers: { type: "string", default: String(os.availableParallelism()) },
    },
  });
  const result = await prerenderAll({
    distDir: path.resolve(root, values.dist),
    collectionsDir: path.resolve(root, values.collections),
    ssrDir: path.resolve(root, values["ssr-dir"]),
    buildSsr: !values["skip-ssr-build"],
    workers: Number(values.workers),
  });
  console.log(`Prerendered ${result.pages} pages in ${result.seconds.toFixed(2)} s (${result.workers} worker(s)).`);
  console.log(`Social cards: ${result.cards.written} named (drawn on request by the relay, or by npm run cards).`);
}
