// Renders a share of the pages in a worker thread (see scripts/prerender.ts). Plain JavaScript:
// everything it runs lives in the SSR bundle, so the worker needs no TypeScript loader.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const { ssrEntry, template, pages, outDir } = workerData;
const ssr = await import(ssrEntry);
for (const info of pages) {
  const html = await ssr.renderPage(info, template);
  const dir = path.join(outDir, info.path);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "index.html"), html);
}
parentPort.postMessage(pages.length);
