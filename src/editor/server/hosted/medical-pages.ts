/**
 * Every page of medical content on a checkout of the site, with its review (for the "Reviews
 * due" list): treatments (collection files, or folders of one file per treatment), speciality
 * pages and articles, with the doctors' names and site.json's clinical review settings.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type ClinicalReviewSettings, clinicalReviewSettings, type MedicalKind } from "../../../shared/clinical-review";
import type { MedicalReview } from "../../../shared/generated/defs";
import type { Site } from "../../../shared/generated/site";
import { medicalFile } from "./medical";

type Json = Record<string, unknown>;

export interface MedicalPage {
  kind: MedicalKind;
  /** Its file, from the repository's root. */
  file: string;
  name: string;
  path?: string;
  review?: MedicalReview;
}

async function json(file: string): Promise<Json | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Json;
  } catch {
    return undefined; // a broken file has no pages to list; the validator names it
  }
}

/** The medical pages of one file (`file` from the repository's root). */
async function pagesOf(root: string, file: string): Promise<MedicalPage[]> {
  const medical = medicalFile(file);
  const data = medical && (await json(path.join(root, file)));
  if (!medical || !data) return [];
  const entries = medical.list === "" ? [data] : data[medical.list.slice(1)];
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: Json) => {
    if (!entry || typeof entry !== "object") return [];
    const review = entry.review as MedicalReview | undefined;
    const name = String(entry.name ?? entry.title ?? entry.slug ?? "");
    const at = medical.path(entry);
    return [{ kind: medical.kind, file, name, ...(at ? { path: at } : {}), ...(review ? { review } : {}) }];
  });
}

/** The medical pages of the checkout at `root`, the doctors' names by slug, and the settings. */
export async function medicalPagesOn(root: string): Promise<{
  pages: MedicalPage[];
  doctors: Map<string, string>;
  settings: ClinicalReviewSettings;
}> {
  const site = (await json(path.join(root, "site-config/site.json"))) as Site | undefined;
  const doctors = ((await json(path.join(root, "site-config/doctors.json")))?.doctors ?? []) as Json[];
  const files = ["site-config/specialities.json", "site-config/blog-posts.json"];
  const collections = path.join(root, "site-config/collections");
  if (existsSync(collections))
    for (const entry of await readdir(collections, { withFileTypes: true })) {
      if (entry.isFile()) files.push(`site-config/collections/${entry.name}`);
      else if (entry.isDirectory())
        for (const name of await readdir(path.join(collections, entry.name)))
          if (name.endsWith(".json")) files.push(`site-config/collections/${entry.name}/${name}`);
    }
  const pages = (await Promise.all(files.filter((f) => medicalFile(f)).map((f) => pagesOf(root, f)))).flat();
  return {
    pages,
    doctors: new Map(doctors.map((d) => [String(d.slug), String(d.name)])),
    settings: clinicalReviewSettings(site ?? { production: false }),
  };
}
