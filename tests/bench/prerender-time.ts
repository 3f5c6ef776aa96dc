/**
 * Times the prerenderer in a fresh process per run (so no run profits from another's warm module
 * cache): the real site, and a synthetic collection of N treatment pages made from the real ones.
 * Each run writes into a new folder; all of them are deleted only after the timings, because on
 * these disks writing thousands of files right after deleting thousands is several times slower.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SubDepartment, TreatmentCollection } from "../../src/shared/generated/collection";

const root = path.resolve(import.meta.dirname, "../..");

/** A copy of the site's collections where `file` holds `count` treatments (variants of the real ones). */
export function syntheticCollections(dir: string, file: string, count: number) {
  const source = path.join(root, "site-config/collections");
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(source).filter((f) => f.endsWith("-sub-departments.json"))) {
    copyFileSync(path.join(source, f), path.join(dir, f));
  }
  const real = JSON.parse(readFileSync(path.join(source, file), "utf8")) as TreatmentCollection;
  const items: SubDepartment[] = Array.from({ length: count }, (_, i) => {
    const base = real.sub_departments[i % real.sub_departments.length];
    const slug = `${base.slug}-${i + 1}`;
    return {
      ...base,
      slug,
      name: `${base.name} ${i + 1}`,
      url: base.url.replace(base.slug, slug),
      canonical_url: base.canonical_url.replace(base.slug, slug),
    };
  });
  writeFileSync(path.join(dir, file), JSON.stringify({ ...real, sub_departments: items }));
}

function runOnce(distTemplate: string, collectionsDir: string, workers: number, buildSsr = false) {
  const out = mkdtempSync(path.join(os.tmpdir(), "prerender-out-"));
  copyFileSync(distTemplate, path.join(out, "shell.html"));
  // The build manifest names each page's chunks (modulepreload links), as in a real build.
  mkdirSync(path.join(out, ".vite"));
  copyFileSync(
    path.join(path.dirname(distTemplate), ".vite", "manifest.json"),
    path.join(out, ".vite", "manifest.json"),
  );
  const started = performance.now();
  const printed = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/prerender.ts",
      ...(buildSsr ? [] : ["--skip-ssr-build"]),
      "--dist",
      out,
      "--collections",
      collectionsDir,
      "--workers",
      String(workers),
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  const wall = (performance.now() - started) / 1000;
  const match = /Prerendered (\d+) pages in ([\d.]+) s/.exec(printed);
  if (!match) throw new Error(`The prerenderer printed no timing: ${printed}`);
  return { out, pages: Number(match[1]), seconds: Number(match[2]), wall };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Whether this process has built the prerenderer's server bundle (.tmp/ssr/) from today's code. */
let ssrBuilt = false;

/** Median prerender time over `runs` fresh runs. */
export function timePrerender(options: { collectionsDir: string; runs: number; workers: number }) {
  const template = path.join(root, "dist/shell.html");
  if (!ssrBuilt) {
    // The timed runs skip the server bundle's build, so it is built once first, untimed: the build
    // keeps its own elsewhere, and a bundle left in .tmp/ssr/ by an older checkout is stale.
    rmSync(runOnce(template, options.collectionsDir, options.workers, true).out, { recursive: true, force: true });
    ssrBuilt = true;
  }
  const results = Array.from({ length: options.runs }, () =>
    runOnce(template, options.collectionsDir, options.workers),
  );
  for (const r of results) rmSync(r.out, { recursive: true, force: true });
  return {
    pages: results[0].pages,
    medianSeconds: median(results.map((r) => r.seconds)),
    medianWallSeconds: median(results.map((r) => r.wall)),
    runs: results.map((r) => Number(r.seconds.toFixed(2))),
  };
}
