/**
 * The checks a save must pass: the validate CLI's, on the whole site as it would be after the
 * save. The CLI (src/validation/cli.ts) is the one authority on what is valid, so the editor runs
 * it rather than re-implementing it: on a copy of the site folder with the new text in place.
 * Problems in the file being saved are the save's errors; problems the change would cause in
 * other files (a page route that nav links still point at, a slug a presentation names) are
 * errors too, unless they were there before (compared with a run on the site as it is).
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Problem } from "../shared/api";

export interface CheckSetup {
  /** The project root: src/validation/cli.ts and node_modules are found here. */
  projectRoot: string;
  /** The site folder, absolute. */
  siteRoot: string;
  /** Where images are looked up. */
  publicDir: string;
}

/** One problem of the CLI's `--format json` output, with its file made relative to the site folder. */
interface CliProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  hint: string | null;
  severity: "error" | "warning";
}

export interface CheckResult {
  errors: Problem[];
  warnings: Problem[];
  /** Call once the checked text is saved: the run then stands for the site as it is. */
  adopt?: () => Promise<void>;
}

/**
 * Checks `text` as the new content of `file` (a path inside the site folder, absolute).
 * Resolves with the errors and warnings; rejects only when the validator itself cannot run.
 */
export async function checkCandidate(setup: CheckSetup, file: string, text: string): Promise<CheckResult> {
  const target = path.relative(setup.siteRoot, file).split(path.sep).join("/");
  const staging = await mkdtemp(path.join(tmpdir(), "site-editor-check-"));
  let after: CliProblem[];
  let before: CliProblem[];
  try {
    const stagedSite = path.join(staging, path.basename(setup.siteRoot));
    await cp(setup.siteRoot, stagedSite, { recursive: true, filter: (from) => !path.basename(from).startsWith(".") });
    // Each file's "$schema" is a path from the file to schemas/, which the CLI checks.
    await symlink(path.join(setup.projectRoot, "schemas"), path.join(staging, "schemas"), "dir");
    await writeFile(path.join(stagedSite, target), text, "utf8");
    [before, after] = await Promise.all([baseline(setup), runCli(setup, stagedSite)]);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const known = new Set(before.map(key));
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  for (const found of after) {
    const own = found.file === target;
    if (!own && (found.severity === "warning" || known.has(key(found)))) continue;
    const { pointer, message, hint, severity, line, column } = found;
    const problem: Problem = { pointer, message, hint, severity, line, column };
    if (!own) problem.file = `${path.basename(setup.siteRoot)}/${found.file}`;
    (severity === "error" ? errors : warnings).push(problem);
  }
  return {
    errors,
    warnings,
    adopt: async () => {
      lastBaseline = { key: await fingerprint(setup.siteRoot), problems: Promise.resolve(after) };
    },
  };
}

function key(p: CliProblem): string {
  return `${p.file}\n${p.pointer}\n${p.message}`;
}

/** The last run on the site as it is, kept while no file of it changes (a run takes a second or two). */
let lastBaseline: { key: string; problems: Promise<CliProblem[]> } | undefined;

async function baseline(setup: CheckSetup): Promise<CliProblem[]> {
  const now = await fingerprint(setup.siteRoot);
  if (lastBaseline?.key !== now) {
    const problems = runCli(setup, setup.siteRoot);
    lastBaseline = { key: now, problems };
    problems.catch(() => {
      if (lastBaseline?.problems === problems) lastBaseline = undefined;
    });
  }
  return lastBaseline.problems;
}

/** Every file's path, size and modification time: changes whenever any file does. */
async function fingerprint(siteRoot: string): Promise<string> {
  const entries = await readdir(siteRoot, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const stats = await Promise.all(files.sort().map(async (f) => [f, await stat(f)] as const));
  return `${siteRoot}\n${stats.map(([f, s]) => `${f}:${s.size}:${s.mtimeMs}`).join("\n")}`;
}

/** Runs `validate --format json --root <siteRoot>` over every file of the site folder. */
function runCli(setup: CheckSetup, siteRoot: string): Promise<CliProblem[]> {
  const script = path.join(setup.projectRoot, "scripts", "validate.ts");
  const args = ["--import", "tsx", script, "--format", "json", "--root", siteRoot, "--public", setup.publicDir];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: setup.projectRoot, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        if (code !== 0 && code !== 1) throw new Error(stderr.trim() || `exit code ${code}`);
        const report = JSON.parse(stdout) as { errors?: CliProblem[] };
        if (!Array.isArray(report.errors)) throw new Error("its output has no 'errors' list");
        // The CLI shows paths relative to its working folder, the project root.
        const inSite = (file: string) =>
          path.relative(siteRoot, path.resolve(setup.projectRoot, file)).split(path.sep).join("/");
        resolve(report.errors.map((p) => ({ ...p, file: inSite(p.file) })));
      } catch (error) {
        reject(new Error(`The validator (npm run validate) could not check the change: ${(error as Error).message}`));
      }
    });
  });
}
