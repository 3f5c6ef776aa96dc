#!/usr/bin/env node
// `npm run validate`: runs scripts/validate.ts (src/validation/cli.ts) as one pre-bundled module
// (scripts/bundled.mjs), so the CLI starts in plain Node (~0.05 s) instead of compiling ~60
// TypeScript modules through tsx on every run (~0.2 s). A CommonJS bundle: it and its worker
// threads load ajv and the other packages quicker than an ES module bundle does (bundled.mjs).
import { runBundled } from "./bundled.mjs";

// parse5, the ICU message parser and jsonc-parser serve some files only (HTML the quick check is
// unsure of, translations, a file that is not strict JSON), and ajv's compiler a run with a schema
// no earlier run compiled (src/validation/compiled-validators.ts): required when first used.
const bundler = ["scripts/validate.mjs", "scripts/bundled.mjs", "scripts/bundle-cjs.mjs"];
await runBundled("scripts/validate.ts", ["src/validation", "src/shared", "schemas", ...bundler], {
  format: "cjs",
  lazy: [
    "parse5",
    "@formatjs/icu-messageformat-parser",
    "jsonc-parser",
    "ajv/dist/2020.js",
    "ajv/dist/compile/codegen/index.js",
    "ajv/dist/standalone/index.js",
    "ajv-formats",
  ],
});
