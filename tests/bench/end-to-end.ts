/**
 * The end-to-end section of `npm run bench`: the real `npm run build` on temporary copies of the
 * project whose cardiology collection holds 5 (the site as shipped), 1,000 and 10,000 treatments
 * (tests/bench/site-copy.ts; never in site-config/ of the checkout), and what a treatment page
 * view downloads from each. Prints a table and returns the figures with each target met or not.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServer } from "../../src/relay/app";
import { readCollections } from "../../src/shared/collections/store";
import { type FreshBuild, freshBuildOf, freshCloneRow, printFreshSteps } from "./fresh-clone";
import { measureTreatmentView, type PageView } from "./page-view";
import { type PeerFigure, peerBuilds } from "./peers";
import { siteCopy } from "./site-copy";
import { median } from "./stats";
import { timedBuild } from "./timed-build";

const root = path.resolve(import.meta.dirname, "../..");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export interface EndToEndSize {
  treatments: number;
  /** Treatment pages: a page per treatment in each language of the site. */
  treatmentPages: number;
  /** CPU seconds (all the build's threads) of the --force builds and of the one-change builds, medians. */
  forceCpu: number;
  incrementalCpu: number;
  /** Seconds of each `npm run build -- --force`, and their median. */
  forceRuns: number[];
  force: number;
  /** Seconds of each `npm run build` after one treatment changed, and their median. */
  incrementalRuns: number[];
  incremental: number;
  view: PageView;
  /** The first build of a fresh clone (no cache of any kind: fresh-clone.ts): of the largest size only. */
  fresh?: FreshBuild;
}

/** `npm run validate` in `root`: its wall seconds. */
function timedValidate(root: string): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, ["scripts/validate.mjs"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run validate failed in ${root}:\n${result.stdout}${result.stderr}`);
  return (performance.now() - start) / 1000;
}

/** `npm run typecheck` in `root`, untimed: the build that follows finds its verdict kept. */
function typecheckIn(root: string): void {
  const result = spawnSync("npm", ["run", "--silent", "typecheck"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run typecheck failed in ${root}:\n${result.stdout}${result.stderr}`);
}

async function measureSize(treatments: number, runs: number, fresh: boolean): Promise<EndToEndSize> {
  const copy = siteCopy(treatments, treatments > 5 ? "folder" : "file", undefined, { fresh });
  try {
    // The first build: a fresh clone's when `fresh` (a node_modules/ with no cache of any kind),
    // timed; otherwise not timed. It type-checks (when this code has not passed yet) and leaves a
    // dist/ to build over.
    const first = timedBuild(copy.root, []);
    // A fresh clone's first build skips the type check, so the next build would run it (about 19 s
    // of one core): record its verdict untimed, as `npm test` does, so the --force rows time a build
    // with every cache warm, as they say, and not tsc.
    if (fresh) typecheckIn(copy.root);
    const force = Array.from({ length: runs }, () => timedBuild(copy.root, ["--force"]));
    // The treatments in the order they were written: the shipped ones first, then their clones.
    const shipped = readCollections(path.join(root, "site-config/collections"))[copy.dataFile].sub_departments;
    const collection = readCollections(path.join(copy.root, "site-config/collections"))[copy.dataFile];
    const bySlug = new Map(collection.sub_departments.map((i) => [i.slug, i]));
    const items = [
      ...shipped.map((i) => bySlug.get(i.slug) ?? i),
      ...collection.sub_departments.filter((i) => !shipped.some((s) => s.slug === i.slug)),
    ];
    const incremental: { wall: number; cpu: number }[] = [];
    for (let run = 0; run < runs && treatments > 5; run++) {
      // A typo fixed in one treatment's summary, a different treatment each run.
      const item = items[Math.floor(((run + 1) * items.length) / (runs + 2))];
      const file = path.join(
        copy.root,
        "site-config/collections",
        copy.dataFile.replace(/\.json$/, ""),
        `${item.slug}.json`,
      );
      const text = readFileSync(file, "utf8");
      writeFileSync(
        file,
        text.replace(`"name": ${JSON.stringify(item.name)}`, `"name": ${JSON.stringify(`${item.name} (revised)`)}`),
      );
      incremental.push(timedBuild(copy.root, []));
    }
    const server = await startServer({ port: 0, distDir: path.join(copy.root, "dist"), log: () => {} });
    let view: PageView;
    try {
      const browser = await chromium.launch({ executablePath: chromePath, args: ["--headless=new", "--no-sandbox"] });
      try {
        // The same two treatments' content at every size: the shipped first, then the fifth
        // (at 5) or its last clone (the clone's slug ends in the largest number).
        const [from, fifth] = [items[0], items[4]];
        const clones = items.filter((i) => i.slug.startsWith(`${fifth.slug}-`));
        const number = (slug: string) => Number(slug.slice(slug.lastIndexOf("-") + 1));
        const to = clones.length > 0 ? clones.reduce((a, b) => (number(b.slug) > number(a.slug) ? b : a)) : fifth;
        view = await measureTreatmentView(browser, server.url, from.url, to.url);
      } finally {
        await browser.close();
      }
    } finally {
      await server.close();
    }
    const languages =
      (
        JSON.parse(readFileSync(path.join(copy.root, "site-config/site.json"), "utf8")) as {
          languages?: unknown[];
        }
      ).languages?.length ?? 1;
    const incrementalRuns = incremental.map((r) => r.wall);
    return {
      treatments,
      treatmentPages: treatments * languages,
      forceRuns: force.map((r) => r.wall),
      force: median(force.map((r) => r.wall)),
      forceCpu: median(force.map((r) => r.cpu)),
      incrementalRuns,
      incremental: incrementalRuns.length > 0 ? median(incrementalRuns) : Number.NaN,
      incrementalCpu: incremental.length > 0 ? median(incremental.map((r) => r.cpu)) : Number.NaN,
      view,
      ...(fresh ? { fresh: freshBuildOf(treatments, first) } : {}),
    };
  } finally {
    copy.remove();
  }
}

/** The same collection kept in one file and as a folder: medians of each, and their ratios. */
export interface StorageRatio {
  treatments: number;
  build: { file: number; folder: number; ratio: number };
  validate: { file: number; folder: number; ratio: number };
}

/** Times `build --force` and `validate` of one collection kept both ways, in turn (file, folder, file, ...). */
function storageRatio(treatments: number, runs: number): StorageRatio {
  const copies = { file: siteCopy(treatments, "file"), folder: siteCopy(treatments, "folder") };
  try {
    for (const copy of Object.values(copies)) timedBuild(copy.root, []);
    const times = {
      build: { file: [] as number[], folder: [] as number[] },
      validate: { file: [] as number[], folder: [] as number[] },
    };
    for (let run = 0; run < runs; run++) {
      for (const kind of ["file", "folder"] as const) {
        times.build[kind].push(timedBuild(copies[kind].root, ["--force"]).wall);
        times.validate[kind].push(timedValidate(copies[kind].root));
      }
    }
    const of = (t: { file: number[]; folder: number[] }) => {
      const [file, folder] = [median(t.file), median(t.folder)];
      return { file, folder, ratio: file / folder };
    };
    return { treatments, build: of(times.build), validate: of(times.validate) };
  } finally {
    copies.file.remove();
    copies.folder.remove();
  }
}

export interface EndToEndTarget {
  name: string;
  value: string;
  met: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A peer's figure as a row shows it. */
const peerFigure = (peer: PeerFigure) =>
  "seconds" in peer
    ? `${peer.name} ${peer.seconds.toFixed(2)} s for ${peer.pages.toLocaleString("en")} pages`
    : `${peer.name} not measured: ${peer.missing}`;

/** The peers' figures as a row shows them. */
const peerText = (peers: { hugo: PeerFigure; astro: PeerFigure }) =>
  `${peerFigure(peers.hugo)}; ${peerFigure(peers.astro)} (in the same run, medians of their runs)`;

/** Measures each size, prints the table, and returns the figures and the targets. */
export async function endToEnd(sizes: number[], runs: number) {
  const measured: EndToEndSize[] = [];
  const all = [5, ...sizes.filter((n) => n !== 5)];
  const largestSize = Math.max(...all);
  for (const treatments of all) {
    console.error(`  end to end: ${treatments.toLocaleString("en")} treatments...`);
    const size = await measureSize(treatments, runs, treatments === largestSize && treatments > 5);
    measured.push(size);
    // BENCH_FILES=1 lists what the page view downloaded, to see where bytes come from.
    if (process.env.BENCH_FILES)
      for (const f of [...size.view.files].sort((a, b) => a.path.localeCompare(b.path)))
        console.error(`    ${String(f.gzip).padStart(7)} ${f.path}`);
  }
  console.log(`\nEnd to end (npm run build on a copy of the site; median of ${runs} runs; page view in gzip bytes)`);
  console.log(
    "treatments | treatment pages | build --force (cpu)  | after one change (cpu) | page view | of which data",
  );
  const time = (wall: number, cpu: number) =>
    Number.isNaN(wall) ? "-" : `${wall.toFixed(2)} s (${Number.isNaN(cpu) ? "?" : cpu.toFixed(1)} s)`;
  for (const m of measured) {
    console.log(
      `${m.treatments.toLocaleString("en").padStart(10)} | ${m.treatmentPages.toLocaleString("en").padStart(15)} | ${time(m.force, m.forceCpu).padStart(19)} | ${time(m.incremental, m.incrementalCpu).padStart(21)} | ${kb(m.view.total).padStart(9)} | ${kb(m.view.data).padStart(13)}`,
    );
  }
  const at = (n: number) => measured.find((m) => m.treatments === n);
  const base = at(5);
  const targets: EndToEndTarget[] = [];
  const largest = measured[measured.length - 1];
  // The issue's site: 10,000 treatment pages. With three languages that is 3,334 treatments; the
  // targets are judged on the smallest size measured that has 10,000 treatment pages, the
  // 30,000-page and one-change rows on 10,000 treatments.
  const issueSize = measured.find((m) => m.treatmentPages >= 10_000);
  const tenThousand = at(10_000);
  const notMeasured = (what: string) => `not measured (${what} not in --end-to-end)`;
  const seconds = (wall: number, cpu: number) => `${wall.toFixed(2)} s (cpu ${cpu.toFixed(1)} s)`;
  const fresh = tenThousand?.fresh;
  if (fresh) printFreshSteps(fresh);
  targets.push(freshCloneRow(fresh, notMeasured("10000")));
  // The peers, Hugo and Astro, build as many treatment pages in the same run (peers.ts).
  // The 10,002-page row only from a size near it: a run of 10,000 treatments alone (30,000 pages)
  // has its own row below, and its peers are not built twice at that size.
  const tenThousandPages = issueSize && issueSize.treatmentPages < 20_000 ? issueSize : undefined;
  const peers = tenThousandPages ? peerBuilds(tenThousandPages.treatments, runs) : undefined;
  targets.push({
    name: "full build --force, 10,002 treatment pages, caches warm: at most 8 s, and ahead of Hugo in the same run",
    value:
      tenThousandPages && peers
        ? `${seconds(tenThousandPages.force, tenThousandPages.forceCpu)} (${tenThousandPages.treatmentPages.toLocaleString("en")} treatment pages); ${peerText(peers)}`
        : notMeasured("3334"),
    met:
      tenThousandPages !== undefined &&
      peers !== undefined &&
      "seconds" in peers.hugo &&
      tenThousandPages.force <= 8 &&
      tenThousandPages.force < peers.hugo.seconds,
  });
  if (issueSize && process.env.BENCH_NO_STORAGE_RATIO === undefined) {
    console.error(
      `  end to end: ${issueSize.treatments.toLocaleString("en")} treatments as one file and as a folder...`,
    );
    const ratio = storageRatio(issueSize.treatments, runs);
    console.log(
      `\nOne file against a folder (${ratio.treatments.toLocaleString("en")} treatments; median of ${runs}): build --force ${ratio.build.file.toFixed(2)} s vs ${ratio.build.folder.toFixed(2)} s, validate ${ratio.validate.file.toFixed(2)} s vs ${ratio.validate.folder.toFixed(2)} s`,
    );
    targets.push({
      name: "the same collection kept in one file, build and validate, ratio to the folder: at most 1.1x",
      value: `build ${ratio.build.ratio.toFixed(2)}x, validate ${ratio.validate.ratio.toFixed(2)}x`,
      met: ratio.build.ratio <= 1.1 && ratio.validate.ratio <= 1.1,
    });
  } else
    targets.push({
      name: "the same collection kept in one file, build and validate, ratio to the folder: at most 1.1x",
      value: issueSize ? "not measured (BENCH_NO_STORAGE_RATIO)" : notMeasured("3334"),
      met: false,
    });
  const peers30 = tenThousand ? peerBuilds(tenThousand.treatments, runs) : undefined;
  targets.push({
    name: "full build --force, 30,000 pages (10,000 treatments x 3 languages): at most 20 s",
    value:
      tenThousand && peers30
        ? `${seconds(tenThousand.force, tenThousand.forceCpu)}; ${peerText(peers30)}`
        : notMeasured("10000"),
    met: tenThousand !== undefined && tenThousand.force <= 20,
  });
  targets.push({
    name: "npm run build after one treatment changed, 10,000 treatments: at most 1 s (whole command)",
    value: tenThousand ? seconds(tenThousand.incremental, tenThousand.incrementalCpu) : notMeasured("10000"),
    met: tenThousand !== undefined && tenThousand.incremental <= 1,
  });
  if (largest.treatments >= 10_000) {
    targets.push({
      name: "data per treatment page view at 10,000 at most 25 KB gzip",
      value: kb(largest.view.data),
      met: largest.view.data <= 25 * 1024,
    });
  }
  if (base) {
    for (const m of measured.filter((m) => m.treatments > 5)) {
      const ratio = m.view.total / base.view.total;
      targets.push({
        name: `treatment page view at ${m.treatments.toLocaleString("en")} within 15 % of at 5`,
        value: `${kb(m.view.total)} vs ${kb(base.view.total)} (${((ratio - 1) * 100).toFixed(1)} %)`,
        met: ratio <= 1.15,
      });
    }
  }
  return {
    measured: measured.map(({ view, ...m }) => ({ ...m, view: { total: view.total, data: view.data } })),
    targets,
  };
}
