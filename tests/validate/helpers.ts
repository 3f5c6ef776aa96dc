/**
 * Runs the real validate CLI on small sites. A site is the minimal valid base
 * (tests/fixtures/validate/base/) with one case's files copied over it
 * (tests/fixtures/validate/<case>/), in a temporary folder laid out like the project:
 * site-config/, public/, and schemas/ linked to the project's schemas, so the fixtures' "$schema"
 * paths are the same as the real site's and messages show "site-config/...".
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(repoRoot, "tests/fixtures/validate");
const made: string[] = [];

/** A temporary site: the base with `caseName`'s files over it. Returns its folder. */
export function siteWith(caseName?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "validate-test-"));
  made.push(dir);
  cpSync(path.join(fixtures, "base"), dir, { recursive: true });
  if (caseName) cpSync(path.join(fixtures, caseName), dir, { recursive: true });
  symlinkSync(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), "dir");
  return dir;
}

/** Removes every site `siteWith` made. */
export function removeSites() {
  for (const dir of made.splice(0)) if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

// The command `npm run validate` runs.
const script = path.join(repoRoot, "scripts/validate.mjs");

/** Runs `validate` with `args` in `cwd` (a site from `siteWith`, or the project). */
export function validate(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd, env: { ...process.env, NO_COLOR: "1", ...env } },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Lines joined as the CLI prints them, for `toContain` on a block of output. */
export const lines = (...text: string[]) => text.join("\n");
