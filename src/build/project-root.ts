/**
 * Where the project is. The build runs as a bundle in node_modules/.cache/ (scripts/bundled.mjs),
 * whose own place says nothing of the project's: the launcher says it in SITE_PROJECT_ROOT.
 */
import path from "node:path";

export const projectRoot = process.env.SITE_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "../..");
