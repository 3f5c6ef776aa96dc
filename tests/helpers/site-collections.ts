/**
 * The site's config as tests read it: at run time, not imported, so the type check reads no
 * config (see src/build/build.ts). Collections come whole, whether stored as a file or a folder.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { readCollections } from "../../src/shared/collections/store";
import type { TreatmentCollection } from "../../src/shared/generated/collection";

export const siteConfigDir = path.resolve(import.meta.dirname, "../../site-config");

/** The site's collections, whole, by data file. */
export const collections: Record<string, TreatmentCollection> = readCollections(
  path.join(siteConfigDir, "collections"),
);

export const cardiology = collections["cardiology-sub-departments.json"];
export const orthopedics = collections["orthopedics-sub-departments.json"];

/** A config file of site-config/, parsed. */
export const readConfig = <T>(file: string): T => JSON.parse(readFileSync(path.join(siteConfigDir, file), "utf8")) as T;
