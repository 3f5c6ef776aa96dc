/**
 * A large run shares its files' first pass with worker threads started from the CLI's bundle
 * (src/validation/parallel.ts): what they find is what this thread finds, in the files' order.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { type Checked, FileChecker, type Job } from "../../src/validation/check-file";
import { jobsFor, listJsonFiles } from "../../src/validation/list-files";
import { checkInParallel, parallelFrom } from "../../src/validation/parallel";
import { readPlaceholders } from "../../src/validation/placeholders";
import { removeSites, repoRoot, siteWith } from "./helpers";

const folder = "site-config/collections/cardiology-sub-departments";
/** More treatment files than a run checks in one thread alone; every 97th has a name that is a number. */
const count = parallelFrom + 50;
const slugOf = (i: number) => `treatment-${String(i).padStart(4, "0")}`;

/** The CLI's bundle (scripts/bundled.mjs), made by running it once: the workers' script. */
function cliBundle(): URL {
  execFileSync(process.execPath, [path.join(repoRoot, "scripts/validate.mjs"), "--help"]);
  const checkout = `${path.basename(repoRoot)}-${createHash("sha1").update(repoRoot).digest("hex").slice(0, 10)}`;
  return pathToFileURL(path.join(repoRoot, "node_modules/.cache/site-cli", checkout, "validate.cjs"));
}

describe("the first pass shared with worker threads", () => {
  let siteRoot: string;

  beforeAll(() => {
    const site = siteWith();
    siteRoot = path.join(site, "site-config");
    splitCollection(path.join(siteRoot, "collections/cardiology-sub-departments.json"));
    const model = JSON.parse(readFileSync(path.join(site, folder, "angiography.json"), "utf8"));
    for (let i = 0; i < count; i++) {
      const slug = slugOf(i);
      const item = {
        ...model,
        slug,
        name: i % 97 === 5 ? 42 : `Treatment ${i}`,
        url: `/specialities/cardiology/${slug}`,
        canonical_url: model.canonical_url.replace("angiography", slug),
      };
      writeFileSync(path.join(site, folder, `${slug}.json`), `${JSON.stringify(item, null, 2)}\n`);
    }
  });
  afterAll(removeSites);

  it("gives each file the result this thread gives it, in the files' order", () => {
    const settings = { siteRoot, schemasDir: path.join(repoRoot, "schemas") };
    const read = (file: string) => readFileSync(file, "utf8");
    const placeholders = readPlaceholders(siteRoot, read);
    const checker = new FileChecker(settings, read, { placeholders });
    const files = listJsonFiles(siteRoot);
    const jobs = jobsFor(files, files);
    // This thread checks slowly, so the workers take most files.
    let here = 0;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const slowly = (job: Job): Checked => {
      here++;
      Atomics.wait(pause, 0, 0, 20);
      return checker.check(job);
    };
    const shared = checkInParallel(
      jobs,
      { script: cliBundle(), projectRoot: repoRoot },
      settings,
      placeholders,
      slowly,
    );
    expect(here).toBeLessThan(jobs.length / 2);
    const alone = jobs.map((job) => checker.check(job));
    expect(shared).toEqual(alone);
    expect(alone.filter((r) => r.problems.some((p) => p.name === "WrongType"))).toHaveLength(11);
  });
});

describe("a worker that dies on a chunk", () => {
  it("leaves its chunk to this thread, and the run still ends with every file checked", () => {
    // A worker script that takes a chunk from the shared counter, says so in a file, and dies
    // without a word: what an out-of-memory kill of a real worker looks like from this thread.
    const dir = mkdtempSync(path.join(os.tmpdir(), "dying-worker-"));
    const script = path.join(dir, "dying.mjs");
    const taken = path.join(dir, "taken");
    writeFileSync(
      script,
      `import { workerData } from "node:worker_threads";
import { writeFileSync } from "node:fs";
const counters = new Int32Array(workerData.validationChecks.counters);
Atomics.add(counters, 0, 1);
writeFileSync(${JSON.stringify(taken)}, "");
process.exit(1);
`,
    );
    const jobs: Job[] = Array.from({ length: parallelFrom + 50 }, (_, i) => ({
      file: `file-${i}.json`,
      validate: true,
    }));
    // This thread's first check waits until a worker has taken a chunk (a minute at most).
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let first = true;
    const checkHere = (job: Job): Checked => {
      for (let waited = 0; first && !existsSync(taken) && waited < 60_000; waited += 10) Atomics.wait(pause, 0, 0, 10);
      first = false;
      return { file: job.file, validate: job.validate, problems: [], refs: [], skip: [] };
    };
    try {
      const results = checkInParallel(
        jobs,
        { script: pathToFileURL(script), projectRoot: repoRoot },
        {} as never,
        [],
        checkHere,
      );
      expect(existsSync(taken)).toBe(true);
      expect(results?.map((r) => r.file)).toEqual(jobs.map((job) => job.file));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
