/**
 * The type check (tsc --noEmit), run only when something it reads changed since it last passed.
 *
 * Its verdict is kept by the hash of everything it reads (the code, the tests, the schemas, never
 * site-config/), in node_modules/.cache/site-build/typecheck/: it says nothing about dist/, so
 * `--force` does not repeat it, and a copy of the project with the same code (a benchmark's or a
 * test's, sharing node_modules) shares it. `npm run typecheck` records it too, so the build that
 * follows it in `npm test` does not check again.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { filesUnder, hashAll, type InputScanner } from "./inputs";

/** What the type check reads: the code, the tests and the schemas; never site-config/. */
function typecheckFiles(root: string): string[] {
  const top = ["tsconfig.json", "package-lock.json", "vite.config.ts", "vitest.config.ts", "vitest.browser.config.ts"];
  const code = (name: string) => /\.(ts|tsx|mts|mjs|json)$/.test(name);
  return [
    ...top.filter((f) => existsSync(path.join(root, f))),
    ...filesUnder(root, "src", code),
    ...filesUnder(root, "scripts", code),
    ...filesUnder(root, "tests", code).filter((f) => !f.startsWith(path.join("tests", "fixtures"))),
    ...filesUnder(root, "schemas", code),
  ];
}

const verdictDir = (root: string) => path.join(root, "node_modules", ".cache", "site-build", "typecheck");

export type TypecheckResult = { ran: false } | { ran: true; ok: boolean; output: string };

/**
 * Runs the type check of the project at `root` unless it passed on exactly these files before
 * (`always`: run it anyway).
 */
export function typecheck(root: string, scanner: InputScanner, always = false): TypecheckResult {
  const key = hashAll(typecheckFiles(root).map((f) => `${f}:${scanner.hash(f)}`));
  const verdict = path.join(verdictDir(root), key);
  if (!always && existsSync(verdict)) return { ran: false };
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", root],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  const ok = result.status === 0;
  if (ok) {
    mkdirSync(verdictDir(root), { recursive: true });
    writeFileSync(verdict, "");
  }
  return { ran: true, ok, output: `${result.stdout}${result.stderr}`.trimEnd() };
}
