#!/usr/bin/env node
// `npm run validate`: runs scripts/validate.ts (src/validation/cli.ts) as one pre-bundled ES module, so the CLI starts
// in plain Node (~0.05 s) instead of compiling ~60 TypeScript modules through tsx on every run
// (~0.2 s). The bundle is rebuilt with esbuild whenever a source it is made from is newer.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const bundle = path.join(root, "node_modules/.cache/site-validate/validate.mjs");
const sources = ["scripts/validate.ts", "src/validation", "src/shared", "schemas"];

function newest(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (sources.some((s) => newest(path.join(root, s)) > built)) {
  const { build } = await import("esbuild");
  const result = await build({
    write: false,
    entryPoints: [path.join(root, "scripts/validate.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "error",
  });
  // Written aside and renamed, so parallel runs (the test suite) never read a half-written bundle.
  mkdirSync(path.dirname(bundle), { recursive: true });
  const temporary = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, bundle);
}
process.env.VALIDATE_REPO_ROOT = root;
await import(pathToFileURL(bundle).href);
