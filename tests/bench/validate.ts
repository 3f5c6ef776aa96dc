/**
 * Benchmark of the validate CLI against ajv-cli on the same files (npm run bench:validate).
 *
 * Generates synthetic treatment collections of 1,000 and 10,000 sub-departments, one file per
 * document, in a temporary folder outside the project. Each document is one of the site's real
 * treatment pages (four sections with subsections and lists, bullet groups, why-choose-us, six
 * FAQs) under a new slug. Then it times, three times each and alternating:
 *   - ours:    node scripts/validate.mjs --root <site> <site>/collections (what npm run validate runs)
 *              (schemas, positions for anything to report, cross-references, warnings)
 *   - ajv-cli: ajv validate --spec=draft2020 -s collection.schema.json -r defs.schema.json
 *              (the schema check only; x-ref, x-html and x-type-name are declared as no-op keywords)
 * and prints medians, files per second and the ratio ours/ajv-cli.
 *
 * Then the same collection kept two ways (issue 28): 3,334 cardiology treatments as one
 * `cardiology-sub-departments.json` and as a folder of one file per treatment (site-copy.ts, each a
 * copy of the whole project), `npm run validate` of each in turn (file, folder, file, ...), medians.
 *
 * Targets (issue 28), each printed met or not: ours at most 0.8x ajv-cli at 10,000 documents; the
 * one-file collection at most 1.1x the folder. Then one JSON line.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { siteCopy } from "./site-copy";

const repo = path.resolve(import.meta.dirname, "../..");
const sizes = [1_000, 10_000];
const runs = 3;

type Json = Record<string, unknown>;

/** The site's real treatment pages, the models for the synthetic ones. */
export function models(): Json[] {
  const folder = path.join(repo, "site-config/collections");
  return readdirSync(folder)
    .filter((name) => name.endsWith("-sub-departments.json"))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")).sub_departments as Json[]);
}

/** A site folder with `count` one-document collections, and what their cross-references need. */
export function generate(root: string, count: number, pages: Json[], canonicalBase: string): string {
  const site = path.join(root, `site-${count}`);
  const collections = path.join(site, "site-config/collections");
  mkdirSync(collections, { recursive: true });
  symlinkSync(path.join(repo, "schemas"), path.join(site, "schemas"), "dir");
  cpSync(path.join(repo, "public"), path.join(site, "public"), { recursive: true });
  // The rest of the real site: the pages, specialities and branches routes are checked against.
  cpSync(path.join(repo, "site-config"), path.join(site, "site-config"), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}collections`),
  });
  for (let i = 0; i < count; i++) {
    const model = pages[i % pages.length];
    const slug = `${model.slug}-${String(i).padStart(5, "0")}`;
    const url = `/specialities/bench/${slug}`;
    const content = model.content as Json;
    const page = {
      ...model,
      slug,
      url,
      canonical_url: canonicalBase + url,
      content: { ...content, h1: `${content.h1} (${i})` },
    };
    const doc = {
      $schema: "../../schemas/collection.schema.json",
      speciality: "Bench",
      location: "Hyderabad",
      sub_departments: [page],
    };
    writeFileSync(
      path.join(collections, `bench-${String(i).padStart(5, "0")}-sub-departments.json`),
      JSON.stringify(doc, null, 2),
    );
  }
  return site;
}

function time(command: string, args: string[], cwd = repo): number {
  const start = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${result.status}): ${result.stderr}`);
  }
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The two commands timed on a generated site. */
function commands(keywords: string) {
  const oursArgs = (site: string) => [
    "scripts/validate.mjs",
    "--root",
    `${site}/site-config`,
    `${site}/site-config/collections`,
  ];
  return {
    ours: (site: string) => time(process.execPath, oursArgs(site)),
    ajvCli: (site: string) =>
      time(path.join(repo, "node_modules/.bin/ajv"), [
        "validate",
        "--spec=draft2020",
        "-s",
        "schemas/collection.schema.json",
        "-r",
        "schemas/defs.schema.json",
        "-c",
        keywords,
        "-d",
        `${site}/site-config/collections/*.json`,
      ]),
  };
}

export interface ValidateResult {
  size: number;
  ours: number;
  ajvCli: number;
  filesPerSecond: number;
  ratio: number;
  times: { ours: number[]; ajvCli: number[] };
}

/** Times ours against ajv-cli at each size (alternating, medians); prints progress on stderr. */
export function validateBench(atSizes = sizes, timedRuns = runs): ValidateResult[] {
  const root = mkdtempSync(path.join(tmpdir(), "bench-validate-"));
  try {
    const keywords = path.join(root, "keywords.cjs");
    writeFileSync(
      keywords,
      // The "date" format of medical reviews, as the validator has it (ajv-formats).
      `module.exports = (ajv) => { require(${JSON.stringify(path.join(repo, "node_modules/ajv-formats"))}).default(ajv, ["date"]); for (const [keyword, schemaType] of [["x-ref", "string"], ["x-html", "boolean"], ["x-type-name", "string"]]) ajv.addKeyword({ keyword, schemaType }); };\n`,
    );
    const pages = models();
    const base = JSON.parse(readFileSync(path.join(repo, "site-config/site.json"), "utf8")).canonicalBase as string;
    const run = commands(keywords);
    return atSizes.map((size) => {
      process.stderr.write(`Generating ${size} documents...\n`);
      const site = generate(root, size, pages, base);
      // Warm the disk cache and tsx's compile cache before timing.
      run.ours(site);
      run.ajvCli(site);
      const times = { ours: [] as number[], ajvCli: [] as number[] };
      for (let i = 0; i < timedRuns; i++) {
        times.ours.push(run.ours(site));
        times.ajvCli.push(run.ajvCli(site));
      }
      const [ours, ajvCli] = [median(times.ours), median(times.ajvCli)];
      return { size, ours, ajvCli, filesPerSecond: Math.round(size / ours), ratio: ours / ajvCli, times };
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The same collection as one file and as a folder: `npm run validate` medians, and their ratio. */
export interface OneFileResult {
  treatments: number;
  file: number;
  folder: number;
  ratio: number;
  times: { file: number[]; folder: number[] };
}

/** Times `npm run validate` of the collection kept as one file and as a folder, in turn. */
export function oneFileBench(treatments = 3_334, timedRuns = runs): OneFileResult {
  process.stderr.write(`Copying the project with ${treatments} treatments as one file and as a folder...\n`);
  const copies = { file: siteCopy(treatments, "file"), folder: siteCopy(treatments, "folder") };
  try {
    const validate = (root: string) => time(process.execPath, ["scripts/validate.mjs"], root);
    // Each copy bundles the CLI on its first run, and warms the disk cache.
    validate(copies.file.root);
    validate(copies.folder.root);
    const times = { file: [] as number[], folder: [] as number[] };
    for (let i = 0; i < timedRuns; i++) {
      times.file.push(validate(copies.file.root));
      times.folder.push(validate(copies.folder.root));
    }
    const [file, folder] = [median(times.file), median(times.folder)];
    return { treatments, file, folder, ratio: file / folder, times };
  } finally {
    copies.file.remove();
    copies.folder.remove();
  }
}

/** Issue 28's two validator rows, each with its target. */
export function validateTargets(
  tenThousand: Pick<ValidateResult, "ours" | "ajvCli" | "ratio"> | undefined,
  oneFile: OneFileResult | undefined,
) {
  return [
    {
      name: "validate 10,000 documents, ratio to ajv-cli in the same run: at most 0.8",
      value: tenThousand
        ? `${tenThousand.ratio.toFixed(2)} (${tenThousand.ours.toFixed(2)} s vs ${tenThousand.ajvCli.toFixed(2)} s, medians)`
        : "not measured",
      met: tenThousand !== undefined && tenThousand.ratio <= 0.8,
    },
    {
      name: "the same collection kept in one file, validate, ratio to the folder: at most 1.1",
      value: oneFile
        ? `${oneFile.ratio.toFixed(2)} (${oneFile.treatments.toLocaleString("en")} treatments: ${oneFile.file.toFixed(2)} s vs ${oneFile.folder.toFixed(2)} s, medians)`
        : "not measured",
      met: oneFile !== undefined && oneFile.ratio <= 1.1,
    },
  ];
}

export function main() {
  const results = validateBench();
  const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padStart(i === 0 ? 8 : 15)).join("");
  console.log(row(["size", "ours med s", "ajv-cli med s", "ours files/s", "ours/ajv-cli"]));
  for (const r of results) {
    console.log(row([r.size, r.ours.toFixed(2), r.ajvCli.toFixed(2), r.filesPerSecond, r.ratio.toFixed(2)]));
  }
  const [small, large] = results;
  const growth = { ours: large.ours / small.ours, ajvCli: large.ajvCli / small.ajvCli };
  console.log(
    `10x documents cost ${growth.ours.toFixed(2)}x the time for ours, ${growth.ajvCli.toFixed(2)}x for ajv-cli.`,
  );
  const oneFile = oneFileBench();
  console.log(
    `One file against a folder (${oneFile.treatments.toLocaleString("en")} treatments, npm run validate, median of ${runs}): ${oneFile.file.toFixed(2)} s vs ${oneFile.folder.toFixed(2)} s`,
  );
  const targets = validateTargets(large, oneFile);
  console.log("\nTargets");
  for (const t of targets) console.log(`${t.met ? "met    " : "NOT MET"} ${t.name}: ${t.value}`);
  console.log(JSON.stringify({ runs, results, growth, oneFile, targets }));
}
