/**
 * Prerenders every route to dist/<route>/index.html (run by `npm run build` after the client
 * build): builds the server entry with Vite, renders the pages from config on every core (each
 * worker lists them and renders its share), and writes sitemap.xml and robots.txt.
 *
 * Usage: tsx src/build/prerender/prerender.ts [--dist dist] [--collections site-config/collections]
 *        [--skip-ssr-build] [--workers N]
 */
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { build } from "vite";
import { localPath, siteLanguages } from "../../shared/i18n/languages";
import { buildLanguageFonts } from "../fonts";

const root = path.resolve(import.meta.dirname, "../../..");

/** What a worker reports (src/build/prerender/share.ts). */
interface ShareResult {
  written: number;
  pages: { path: string; alternates: { hreflang: string; href: string }[] }[];
  canonicalBase: string;
  /** Social cards drawn and taken from the cache (src/build/social/cards.ts). */
  cards?: { drawn: number; cached: number };
}

export interface PrerenderOptions {
  distDir: string;
  collectionsDir: string;
  ssrDir: string;
  buildSsr: boolean;
  workers: number;
}

/** Builds src/build/prerender/entry-server.tsx for Node into ssrDir. */
export async function buildServerEntry(ssrDir: string) {
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    build: {
      ssr: path.join(root, "src/build/prerender/entry-server.tsx"),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
}

function renderInWorker(workerData: Record<string, unknown>): Promise<ShareResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(root, "src/build/prerender/worker.mjs"), {
      workerData,
      // Rendering makes short-lived garbage by the megabyte: a larger young generation lets more
      // of it die there instead of being copied and promoted (measured: 2,047 pages on one worker
      // 7.9 s -> 6.2 s; no change at 10,000 pages on two).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`A prerender worker stopped with code ${code}.`)));
  });
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * sitemap.xml: every page but the roots ('/', '/te'), each with the same page in every language
 * and x-default (Google's hreflang in sitemaps: xhtml:link alternates on each <url>).
 */
export function sitemap(base: string, pages: ShareResult["pages"], roots: ReadonlySet<string> = new Set(["/"])) {
  const urls = pages
    .filter((p) => !roots.has(p.path))
    .map((p) => {
      const links = p.alternates.map(
        (a) => `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
      );
      return `  <url><loc>${escapeXml(base + p.path)}</loc>${links.join("")}${links.length > 0 ? "\n  " : ""}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** Prerenders the site; returns the pages written and the seconds it took. */
export async function prerender(options: PrerenderOptions) {
  const started = performance.now();
  if (options.buildSsr) await buildServerEntry(options.ssrDir);
  const ssrEntry = pathToFileURL(path.join(options.ssrDir, "entry-server.js")).href;
  const shellPath = path.join(options.distDir, "shell.html");
  // The client build's index.html is the template; kept as shell.html for routes only the
  // browser can resolve (an alias or a mistyped treatment slug).
  let template: string;
  try {
    template = readFileSync(shellPath, "utf8");
  } catch {
    template = readFileSync(path.join(options.distDir, "index.html"), "utf8");
    writeFileSync(shellPath, template);
  }
  // Each language's font, subset to its texts' characters, linked by that language's pages.
  const fonts = await buildLanguageFonts(root, options.distDir, path.join(root, ".tmp", "fonts"));
  // Every worker lists the pages and renders every n-th one (src/build/prerender/share.ts).
  const workers = Math.max(1, options.workers);
  const results = await Promise.all(
    Array.from({ length: workers }, (_, index) =>
      renderInWorker({
        ssrEntry,
        template,
        outDir: options.distDir,
        collectionsDir: options.collectionsDir,
        workers,
        index,
        fonts,
      }),
    ),
  );
  // Each language's root ('/', '/te') repeats its home page, which the sitemap lists at /home.
  const codes = siteLanguages(JSON.parse(readFileSync(path.join(root, "site-config/site.json"), "utf8")));
  const roots = new Set(codes.map((l) => localPath("/", l.code, codes[0].code)));
  writeFileSync(path.join(options.distDir, "sitemap.xml"), sitemap(results[0].canonicalBase, results[0].pages, roots));
  writeFileSync(
    path.join(options.distDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${results[0].canonicalBase}/sitemap.xml\n`,
  );
  const cards = (key: "drawn" | "cached") => results.reduce((n, r) => n + (r.cards?.[key] ?? 0), 0);
  return {
    pages: results.reduce((n, r) => n + r.written, 0),
    seconds: (performance.now() - started) / 1000,
    workers,
    cards: { drawn: cards("drawn"), cached: cards("cached") },
  };
}

export async function main() {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: "dist" },
      collections: { type: "string", default: "site-config/collections" },
      "skip-ssr-build": { type: "boolean", default: false },
      workers: { type: "string", default: String(os.availableParallelism()) },
    },
  });
  const result = await prerender({
    distDir: path.resolve(root, values.dist),
    collectionsDir: path.resolve(root, values.collections),
    ssrDir: path.join(root, ".tmp/ssr"),
    buildSsr: !values["skip-ssr-build"],
    workers: Number(values.workers),
  });
  console.log(`Prerendered ${result.pages} pages in ${result.seconds.toFixed(2)} s (${result.workers} worker(s)).`);
  console.log(`Social cards: ${result.cards.drawn} drawn, ${result.cards.cached} from the cache.`);
}
