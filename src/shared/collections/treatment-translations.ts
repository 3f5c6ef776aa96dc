/**
 * Where a treatment's translations are stored (Node only). They follow the storage of their
 * collection (store.ts), at the English file's path under site-config/i18n/{lang}/:
 *
 * - a collection file, `collections/{stem}.json`, is translated by one file per language,
 *   `i18n/{lang}/collections/{stem}.json`, keyed `sub_departments.{slug}.content.h1`;
 * - a collection folder, `collections/{stem}/`, has one translation per treatment and language,
 *   `i18n/{lang}/collections/{stem}/{slug}.json`, keyed from the treatment file (`content.h1`).
 *
 * Either way the site publishes each treatment's texts on their own (data-files.ts), keyed from
 * the treatment, so what it publishes does not depend on the storage. The build (src/build/
 * catalog.ts), the development server, `npm run collection` and the tests read them through here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { CollectionLocation } from "./store.ts";

/** Texts by key. */
export type Strings = Record<string, string>;

/** A translation file as stored (schemas/translation.schema.json). */
export interface TranslationFile {
  $schema?: string;
  status?: string;
  note?: string;
  strings?: Record<string, unknown>;
  /** The English each text was made from, by key (src/shared/i18n/review.ts). */
  sources?: Record<string, unknown>;
  /** The keys of the texts a reviewer approved. */
  reviewed?: unknown;
}

/** Where a treatment's keys start in its collection file's translation. */
export const treatmentKeyPrefix = (slug: string) => `sub_departments.${slug}.`;

/**
 * A treatment's texts as the site publishes them: only texts that say something (an empty one
 * shows the English anyway), sorted by key, so the same texts give the same file and hash
 * however they are stored or ordered.
 */
export function publishedStrings(strings: Record<string, unknown> | undefined): Strings {
  const out: Strings = {};
  for (const key of Object.keys(strings ?? {}).sort()) {
    const value = strings?.[key];
    if (typeof value === "string" && value.trim() !== "") out[key] = value;
  }
  return out;
}

/**
 * The strings of a collection file's translation, by treatment: each treatment's keys without
 * `sub_departments.{slug}.`, as publishedStrings gives them; treatments with no text are left out.
 * Keys outside any treatment (the validator refuses them) are ignored.
 */
export function stringsBySlug(strings: Record<string, unknown> | undefined): Record<string, Strings> {
  const grouped: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(strings ?? {})) {
    const match = /^sub_departments\.([^.]+)\.(.+)$/.exec(key);
    if (!match) continue;
    const [, slug, rest] = match;
    grouped[slug] ??= {};
    grouped[slug][rest] = value;
  }
  const out: Record<string, Strings> = {};
  for (const slug of Object.keys(grouped).sort()) {
    const texts = publishedStrings(grouped[slug]);
    if (Object.keys(texts).length > 0) out[slug] = texts;
  }
  return out;
}

/** The language folders under site-config/i18n/, sorted. */
export function translationLanguages(siteRoot: string): string[] {
  const dir = path.join(siteRoot, "i18n");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

/** Where the translations of a collection into `lang` would be, in its storage. */
export function translationLocation(siteRoot: string, lang: string, collection: CollectionLocation): string {
  return path.join(siteRoot, "i18n", lang, "collections", path.basename(collection.path));
}

/** The translation files of a collection folder's treatments in one language, by slug. */
export function treatmentTranslationFiles(folder: string): Record<string, string> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return {};
  const out: Record<string, string> = {};
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith(".json") && !name.startsWith(".") && !name.startsWith("_"))
      out[name.slice(0, -".json".length)] = path.join(folder, name);
  }
  return out;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as TranslationFile;

/**
 * Every treatment's texts of a collection, by language and slug (the development server, the
 * tests and small tools; the build reads them incrementally).
 */
export function readTreatmentTranslations(
  siteRoot: string,
  collection: CollectionLocation,
): Record<string, Record<string, Strings>> {
  const out: Record<string, Record<string, Strings>> = {};
  for (const lang of translationLanguages(siteRoot)) {
    const where = translationLocation(siteRoot, lang, collection);
    let bySlug: Record<string, Strings> = {};
    if (collection.storage === "file") {
      if (existsSync(where) && statSync(where).isFile()) bySlug = stringsBySlug(readJson(where).strings);
    } else {
      for (const [slug, file] of Object.entries(treatmentTranslationFiles(where))) {
        const texts = publishedStrings(readJson(file).strings);
        if (Object.keys(texts).length > 0) bySlug[slug] = texts;
      }
    }
    if (Object.keys(bySlug).length > 0) out[lang] = bySlug;
  }
  return out;
}

/** The languages each treatment is translated into, by slug (sorted), from readTreatmentTranslations. */
export function translatedLanguages(translations: Record<string, Record<string, Strings>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const lang of Object.keys(translations).sort()) {
    for (const slug of Object.keys(translations[lang])) out[slug] = [...(out[slug] ?? []), lang];
  }
  return out;
}
