/**
 * The checks a save must pass: the validator's (src/validation, what `npm run validate` runs), on
 * the whole site as it would be after the save. They run in this process, with the candidate
 * text read in place of the file on disk, so nothing is copied and no program is started.
 *
 * Problems in the file being saved are the save's errors and warnings; problems the change would
 * cause in other files (a page route that nav links still point at, a slug a presentation names)
 * are errors too, unless they were there before (compared with a run on the site as it is).
 * Warnings in other files are not the change's business.
 */
import { readFileSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import {
  type Checked,
  jobsFor,
  listJsonFiles,
  type Problem,
  runValidation,
  type ValidationCache,
} from "../../validation";

export interface CheckSetup {
  /** The project root: schemas/ is found here. */
  projectRoot: string;
  /** The site folder, absolute. */
  siteRoot: string;
  /** Where images are looked up. */
  publicDir: string;
}

export interface CheckResult {
  errors: Problem[];
  warnings: Problem[];
  /** Call once the checked text is saved: the run then stands for the site as it is. */
  adopt?: () => Promise<void>;
}

/**
 * Checks `text` as the new content of `file` (a path inside the site folder, absolute; a file
 * that does not exist yet is checked as added), with `removed` gone (a treatment page file
 * renamed after its new slug).
 */
export type Checker = (file: string, text: string, removed?: string) => Promise<CheckResult>;

/**
 * First-pass results of files unchanged since they were checked (size and time), kept while
 * placeholders.json is unchanged too (a file's first pass looks for the values it declares): a
 * save at 10,000 treatment page files reads the saved file again, not the other 9,999.
 */
function memoryCache(siteRoot: string): ValidationCache {
  const kept = new Map<string, { stamp: string; checked: Checked }>();
  const placeholders = path.join(siteRoot, "placeholders.json");
  const stampOf = (file: string) => {
    try {
      const stats = statSync(file);
      return `${stats.size}:${stats.mtimeMs}`;
    } catch {
      return "";
    }
  };
  const keyOf = (file: string) => `${stampOf(file)}|${stampOf(placeholders)}`;
  return {
    get(file) {
      const entry = kept.get(file);
      return entry && entry.stamp === keyOf(file) ? entry.checked : undefined;
    },
    set(file, checked) {
      kept.set(file, { stamp: keyOf(file), checked });
    },
  };
}

/** A checker for one site, keeping its last run on the site as it is while no file changes. */
export function candidateChecker(setup: CheckSetup): Checker {
  let baseline: { fingerprint: string; problems: Problem[] } | undefined;
  const cache = memoryCache(setup.siteRoot);

  const siteJson = path.join(setup.siteRoot, "site.json");
  const run = (overlay?: Map<string, string>, removed?: string) => {
    const onDisk = listJsonFiles(setup.siteRoot).filter((f) => f !== removed);
    const files = [...new Set([...onDisk, ...(overlay?.keys() ?? [])])];
    // The first pass's results hold the publish check's verdicts: a site.json that turns
    // "production" on or off is checked against every file afresh.
    const candidate = overlay?.get(siteJson);
    const flips = candidate !== undefined && isProduction(candidate) !== isProduction(readText(siteJson));
    return runValidation({
      jobs: jobsFor(files, files),
      cache: flips ? undefined : cache,
      siteRoot: setup.siteRoot,
      schemasDir: path.join(setup.projectRoot, "schemas"),
      publicDir: setup.publicDir,
      // Problems then name files as the editor does: "site-config/footer.json".
      shownFrom: path.dirname(setup.siteRoot),
      // ... and fields by their labels in the form, not their property names.
      naming: "labels",
      overlay,
      // As the build checks: once site.json says "production", placeholders and samples are
      // errors. Turning "production" on is then refused while the site is not ready for it.
      publish: "if-production",
    }).problems;
  };

  return async (file, text, removed) => {
    const now = await fingerprint(setup.siteRoot);
    if (baseline?.fingerprint !== now) baseline = { fingerprint: now, problems: run() };
    const before = new Set(baseline.problems.map(problemKey));
    const after = run(new Map([[file, text]]), removed);
    const target = path.relative(path.dirname(setup.siteRoot), file).split(path.sep).join("/");
    const errors: Problem[] = [];
    const warnings: Problem[] = [];
    for (const found of after) {
      const own = found.file === target;
      if (!own && (found.severity === "warning" || before.has(problemKey(found)))) continue;
      (found.severity === "error" ? errors : warnings).push(found);
    }
    return {
      errors,
      warnings,
      adopt: async () => {
        baseline = { fingerprint: await fingerprint(setup.siteRoot), problems: after };
      },
    };
  };
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Whether a site.json's text says "production": true (false when it cannot be read). */
function isProduction(text: string): boolean {
  try {
    return (JSON.parse(text) as { production?: unknown }).production === true;
  } catch {
    return false;
  }
}

/**
 * What makes two runs' problems the same one: a line may move when the change adds lines above it.
 * The severity counts: a placeholder that was a warning is the change's error once it turns
 * "production" on.
 */
export function problemKey(p: Problem): string {
  return `${p.severity}\n${p.file}\n${p.pointer}\n${p.message}`;
}

/** Every file's path, size and modification time: changes whenever any file does. */
async function fingerprint(siteRoot: string): Promise<string> {
  const entries = await readdir(siteRoot, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const stats = await Promise.all(files.sort().map(async (f) => [f, await stat(f)] as const));
  return `${siteRoot}\n${stats.map(([f, s]) => `${f}:${s.size}:${s.mtimeMs}`).join("\n")}`;
}
