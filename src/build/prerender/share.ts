/**
 * One prerender worker's job (src/build/prerender/prerender.ts starts one per core): list every page from
 * config and the collections folder, render every `workers`-th page starting at `index`, and write
 * each to <outDir>/<path>/index.html. Each worker lists the pages itself: passing thousands of
 * pages with their data to the workers would mean copying them, one worker after another.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TreatmentCollection } from "../../shared/generated/collection";
import { site } from "../../site";
import { type Manifest, routeAssets } from "./assets";
import { type Alternate, listPages, type PageInfo } from "./manifest";

/** A page as the sitemap lists it: its path and the same page in every language. */
export interface SitemapEntry {
  path: string;
  alternates: Alternate[];
}

export interface ShareOptions {
  template: string;
  outDir: string;
  collectionsDir: string;
  workers: number;
  index: number;
  render: (info: PageInfo, template: string) => Promise<string>;
}

/** Reads every *-sub-departments.json data file of a folder. */
export function readCollections(dir: string): Record<string, TreatmentCollection> {
  const files = readdirSync(dir).filter((f) => f.endsWith("-sub-departments.json"));
  return Object.fromEntries(files.map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), "utf8"))]));
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

/** Renders and writes this worker's pages; returns how many, (worker 0) every page's path, and the canonical base. */
export async function prerenderShare(
  options: ShareOptions,
): Promise<{ written: number; pages: SitemapEntry[]; canonicalBase: string }> {
  const assetsOf = routeAssets(readManifest(options.outDir));
  const pages = await listPages(readCollections(options.collectionsDir));
  // Written one after another: writing in the background while the next page renders was faster
  // for one worker alone, but slower with a worker per core (10,000 pages: 10.7 s against 8.5 s),
  // as the file system's work then competes with rendering for the same two cores.
  let written = 0;
  for (let i = options.index; i < pages.length; i += options.workers) {
    const info = { ...pages[i], assets: assetsOf(pages[i].modules) };
    const html = await options.render(info, options.template);
    const dir = path.join(options.outDir, info.path);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "index.html"), html);
    written++;
  }
  const listed = options.index === 0 ? pages.map((p) => ({ path: p.path, alternates: p.alternates })) : [];
  return { written, pages: listed, canonicalBase: site.canonicalBase };
}
