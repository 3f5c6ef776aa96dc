/**
 * Prerendering and the other jobs of a build (src/build/prerender/jobs.ts), run by the server
 * bundle: built with Vite from entry-server.tsx, then loaded in this thread for a few jobs or on
 * a worker per core for many (workers.ts), each worker taking the next batch of jobs.
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
import { buildLanguageFonts } from "../fonts";
import { InputScanner } from "../inputs";
import { projectRoot } from "../project-root";
import { robotsTxt, sitemapFiles } from "../sitemap";
import { serverBundleOptions } from "../vite/vite-builds";
import type { Job, JobContext, JobResult } from "./jobs";
import { runJobsOnWorkers } from "./workers";

export { mergeResults, runJobsOnWorkers, startWorkers, type WorkerPool } from "./workers";

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
