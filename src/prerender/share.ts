/**
 * One prerender worker's job (scripts/prerender.ts starts one per core): list every page from
 * config and the collections folder, render every `workers`-th page starting at `index`, and write
 * each to <outDir>/<path>/index.html. Each worker lists the pages itself: passing thousands of
 * pages with their data to the workers would mean copying them, one worker after another.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TreatmentCollection } from "../generated/collection";
import { type Manifest, routeAssets } from "./assets";
import { listPages, type PageInfo } from "./manifest";

/** Pages written at once (libuv's thread pool runs four file operations at a time). */
const maxWritesInFlight = 32;

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

/** Renders and writes this worker's pages; returns how many, and (worker 0) every page's path. */
export async function prerenderShare(options: ShareOptions): Promise<{ written: number; paths: string[] }> {
  const assetsOf = routeAssets(readManifest(options.outDir));
  const pages = await listPages(readCollections(options.collectionsDir));
  // Files are written in the background while the next pages render: on this disk creating a
  // folder and writing a page cost about as much as rendering it (measured: 2.8 s of 9.2 s for
  // 5,000 pages when written one after another).
  const writing = new Set<Promise<void>>();
  let failure: unknown;
  let written = 0;
  for (let i = options.index; i < pages.length && failure === undefined; i += options.workers) {
    const info = { ...pages[i], assets: assetsOf(pages[i].modules) };
    const html = await options.render(info, options.template);
    const dir = path.join(options.outDir, info.path);
    const write: Promise<void> = mkdir(dir, { recursive: true })
      .then(() => writeFile(path.join(dir, "index.html"), html))
      .then(() => {
        written++;
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => writing.delete(write));
    writing.add(write);
    if (writing.size >= maxWritesInFlight) await Promise.race(writing);
  }
  await Promise.all(writing);
  if (failure !== undefined) throw failure;
  return { written, paths: options.index === 0 ? pages.map((p) => p.path) : [] };
}
