/**
 * The real build on a copy of the project (tests/bench/site-copy.ts), as `npm run build` runs it,
 * and a snapshot of what it left in dist/, for tests that compare builds byte for byte.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type BuildOptions, type BuildReport, runBuild } from "../../src/build/build";
import { filesUnder } from "../../src/build/inputs";

/** Every file of dist/ with the hash of its bytes. */
export function snapshot(root: string): Record<string, string> {
  const dist = path.join(root, "dist");
  return Object.fromEntries(
    filesUnder(dist, "")
      .sort()
      .map((f) => [
        f,
        createHash("sha1")
          .update(readFileSync(path.join(dist, f)))
          .digest("hex"),
      ]),
  );
}

/** Builds the copy at `root` in one thread, without the type check (npm test's own step); its lines go to `log`. */
export async function buildCopy(
  root: string,
  force: boolean,
  log: (line: string) => void,
  options: Partial<BuildOptions> = {},
): Promise<BuildReport> {
  // As `npm run build` runs it (vitest sets NODE_ENV=test, which would bundle React's development build).
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    // One thread (the worker pool is for thousands of pages).
    return await runBuild({ root, force, typecheck: false, workers: 1, log, ...options });
  } finally {
    process.env.NODE_ENV = mode;
  }
}
