#!/usr/bin/env node
// `npm run build`: runs scripts/build.ts (src/build/build.ts) as one pre-bundled ES module
// (scripts/bundled.mjs): a build that has little to make again starts in plain Node, not tsx.
import { runBundled } from "./bundled.mjs";

// The packages every run loads go into the bundle (bundle-inline.mjs); sharp, vite, satori and
// the rest stay in node_modules/, imported when a build needs them.
const bundler = ["scripts/build.mjs", "scripts/bundled.mjs", "scripts/bundle-inline.mjs"];
await runBundled(
  "scripts/build.ts",
  ["src/build", "src/validation", "src/shared", "schemas", "package.json", "package-lock.json", ...bundler],
  { inline: ["ajv", "ajv-formats", "parse5", "dompurify", "jsonc-parser", "@formatjs/icu-messageformat-parser"] },
);
