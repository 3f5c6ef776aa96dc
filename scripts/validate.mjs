#!/usr/bin/env node
// `npm run validate`: runs scripts/validate.ts (src/validation/cli.ts) as one pre-bundled ES module
// (scripts/bundled.mjs), so the CLI starts in plain Node (~0.05 s) instead of compiling ~60
// TypeScript modules through tsx on every run (~0.2 s).
import { runBundled } from "./bundled.mjs";

await runBundled("scripts/validate.ts", ["src/validation", "src/shared", "schemas"]);
