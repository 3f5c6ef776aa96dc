/**
 * The site search's section of `npm run bench`: the index of the site with 5, 1,000 and 10,000
 * treatments in three languages (the real treatments and their Telugu and Hindi texts, cloned
 * with numbered names and addresses), built as the build builds it (src/build/search/): its build
 * time and size, and the bytes (gzip, as served) and time of a first query and a second one in
 * each language, read from the index files in memory the way the browser reads them
 * (src/site/search/query.ts). Prints a table and returns the figures and targets.
 */
import path from "node:path";
import { gzipSync } from "node:zlib";
import { readCatalog } from "../../src/build/catalog";
import { InputScanner } from "../../src/build/inputs";
import { indexFiles } from "../../src/build/search/index-files";
import { indexedPages } from "../../src/build/search/pages";
import { type SearchTreatment, searchTreatments } from "../../src/build/search/treatments";
import { SearchIndex } from "../../src/site/search/query";
import { median } from "./stats";

const root = path.resolve(import.meta.dirname, "../..");
const siteRoot = path.join(root, "site-config");
const languages = ["en", "te", "hi"];

/** Each language's first and second query: a typo, local terms, romanised words (the first treatments are cardiology's). */
const queries: Record<string, [string, string]> = {
  en: ["heart blockag", "pacemaker"],
  te: ["గుండె బ్లాక్", "gunde doctor"],
  hi: ["दिल में ब्लॉकेज", "dil ka doctor"],
};

/** The site's treatments, and clones of them up to `count`, with their translations. */
function treatmentsOf(count: number): Record<string, SearchTreatment> {
  const catalog = readCatalog(new InputScanner(root, {}), path.join(siteRoot, "collections"), undefined);
  const real = Object.entries(searchTreatments(root, catalog, {}));
  const out: Record<string, SearchTreatment> = {};
  for (let i = 0; i < count; i++) {
    const [id, t] = real[i % real.length];
    if (i < real.length) {
      out[id] = t;
      continue;
    }
    const n = i + 1;
    const numbered = (texts: SearchTreatment["en"]) => ({ ...texts, name: texts.name && `${texts.name} ${n}` });
    out[`${id}-${n}`] = {
      ...t,
      key: `${t.key}-${n}`,
      url: `${t.url}-${n}`,
      en: numbered(t.en),
      translated: Object.fromEntries(Object.entries(t.translated).map(([lang, texts]) => [lang, numbered(texts)])),
    };
  }
  return out;
}

interface QueryFigures {
  firstGzip: number;
  firstFiles: number;
  firstMs: number;
  secondGzip: number;
  secondFiles: number;
  secondMs: number;
}

export interface SearchSize {
  treatments: number;
  pages: number;
  buildSeconds: number;
  files: number;
  bytes: number;
  gzip: number;
  queries: Record<string, QueryFigures>;
}

async function measure(count: number, runs: number): Promise<SearchSize> {
  const treatments = treatmentsOf(count);
  let files = new Map<string, string>();
  let pages = 0;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    files = new Map();
    pages = 0;
    for (const lang of languages) {
      const indexed = indexedPages(siteRoot, lang, "en", treatments);
      pages += indexed.length;
      for (const [file, text] of indexFiles(lang, indexed).files) files.set(file, text);
    }
    times.push((performance.now() - started) / 1000);
  }
  const gzip = new Map([...files].map(([file, text]) => [file, gzipSync(text, { level: 9 }).length]));
  const result: SearchSize = {
    treatments: count,
    pages,
    buildSeconds: median(times),
    files: files.size,
    bytes: [...files.values()].reduce((n, text) => n + Buffer.byteLength(text), 0),
    gzip: [...gzip.values()].reduce((n, bytes) => n + bytes, 0),
    queries: {},
  };
  for (const lang of languages) {
    let read: string[] = [];
    const index = new SearchIndex(lang, async (file) => {
      read.push(file);
      return JSON.parse(files.get(file) ?? "null");
    });
    const timed = async (query: string) => {
      read = [];
      const started = performance.now();
      const answer = await index.search(query);
      if (answer.results.length === 0) throw new Error(`The search bench's query “${query}” found nothing in ${lang}.`);
      return {
        ms: performance.now() - started,
        gzip: read.reduce((n, f) => n + (gzip.get(f) ?? 0), 0),
        files: read.length,
      };
    };
    const [first, second] = [await timed(queries[lang][0]), await timed(queries[lang][1])];
    result.queries[lang] = {
      firstGzip: first.gzip,
      firstFiles: first.files,
      firstMs: first.ms,
      secondGzip: second.gzip,
      secondFiles: second.files,
      secondMs: second.ms,
    };
  }
  return result;
}

export interface SearchTarget {
  name: string;
  value: string;
  met: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Measures each size, prints the table, and returns the figures and the targets. */
export async function searchBench(sizes: number[], runs: number) {
  const measured: SearchSize[] = [];
  for (const count of sizes) {
    console.error(`  search: ${count.toLocaleString("en")} treatments...`);
    measured.push(await measure(count, runs));
  }
  console.log(
    `\nSite search (index of three languages, median of ${runs} builds; query bytes gzip, read from the index in memory)`,
  );
  console.log(
    "treatments |  pages | index build | files | size (gzip)        | lang | first query            | second query",
  );
  for (const m of measured) {
    for (const [i, lang] of languages.entries()) {
      const q = m.queries[lang];
      const head =
        i === 0
          ? `${m.treatments.toLocaleString("en").padStart(10)} | ${String(m.pages).padStart(6)} | ${`${m.buildSeconds.toFixed(2)} s`.padStart(11)} | ${String(m.files).padStart(5)} | ${`${kb(m.bytes)} (${kb(m.gzip)})`.padStart(18)}`
          : `${"".padStart(10)} | ${"".padStart(6)} | ${"".padStart(11)} | ${"".padStart(5)} | ${"".padStart(18)}`;
      console.log(
        `${head} | ${lang.padEnd(4)} | ${`${kb(q.firstGzip)}, ${q.firstFiles} files, ${q.firstMs.toFixed(0)} ms`.padEnd(22)} | ${kb(q.secondGzip)}, ${q.secondFiles} files, ${q.secondMs.toFixed(0)} ms`,
      );
    }
  }
  const targets: SearchTarget[] = [];
  const at = (n: number) => measured.find((m) => m.treatments === n);
  const largest = at(10_000);
  if (largest) {
    const worst = Math.max(...languages.map((l) => largest.queries[l].firstGzip));
    targets.push({
      name: "search: a first query at 10,000 treatments under 100 KB gzip, in every language",
      value: kb(worst),
      met: worst < 100 * 1024,
    });
    const middle = at(1_000);
    if (middle) {
      // Past a thousand treatments each key of a query has a shard of its own, and a shard's size
      // is bounded (words list at most 100 pages); what still varies is how full the shards are,
      // between half and whole of their size as their number doubles with the site.
      const grow = Math.max(...languages.map((l) => largest.queries[l].firstGzip / middle.queries[l].firstGzip));
      targets.push({
        name: "search: a first query's bytes do not grow with the site (10,000 treatments at most twice 1,000's)",
        value: `${grow.toFixed(2)} times at most`,
        met: grow <= 2,
      });
    }
    targets.push({
      name: "search: the index of 10,000 treatments in three languages made whole in under 8 s",
      value: `${largest.buildSeconds.toFixed(2)} s`,
      met: largest.buildSeconds < 8,
    });
  }
  return { measured, targets };
}
