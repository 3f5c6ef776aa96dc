/**
 * site-config/site.json, read when the relay starts. Read rather than imported, so the type check
 * reads no config (the validator checks config against its schema; see src/build/build.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Site } from "../shared/generated/site";

export const siteJson = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../site-config/site.json"), "utf8"),
) as Site;
