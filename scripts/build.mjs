#!/usr/bin/env node
// `npm run build`: runs scripts/build.ts (src/build/build.ts) as one pre-bundled ES module
// (scripts/bundled.mjs): a build that has little to make again starts in plain Node, not tsx.
import { runBundled } from "./bundled.mjs";

await runBundled("scripts/build.ts", ["src/build", "src/validation", "src/shared", "schemas", "package.json"]);
