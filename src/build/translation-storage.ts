/**
 * A collection's translations follow it when `npm run collection` splits or joins it
 * (collection-storage.ts): a collection file's translation, `i18n/{code}/collections/{stem}.json`
 * with keys `sub_departments.{slug}.…`, becomes one file per translated treatment,
 * `i18n/{code}/collections/{stem}/{slug}.json`, keyed from the treatment (`content.h1`), and back.
 * Each keeps its translation's note, and the English sources and review marks of its own texts
 * (src/shared/i18n/review.ts); the status follows from them (joined, the collection's translation
 * is a draft while any of its treatments' texts is unreviewed).
 *
 * Everything is checked and written beside its place first; `commit` puts it in place once the
 * collection itself has moved, so a refusal leaves every file as it was.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type TranslationFile,
  translationLanguages,
  treatmentKeyPrefix,
  treatmentTranslationFiles,
} from "../shared/collections/treatment-translations";
import { derivedStatus, reviewedKeys } from "../shared/i18n/review";
import { json, StorageError, schemaFrom, schemasOf } from "./storage-files";

/** What is ready to be put in place: `commit` does it and says how many files per language. */
export interface PendingTranslations {
  commit: () => Record<string, number>;
}

/** The site folder of a collection file or folder (site-config/collections/{stem}[.json]), if it is in one. */
function siteRootOf(collection: string): string | undefined {
  const dir = path.dirname(collection);
  return path.basename(dir) === "collections" ? path.dirname(dir) : undefined;
}

const readTranslation = (file: string) => JSON.parse(readFileSync(file, "utf8")) as TranslationFile;

const shown = (file: string) => path.relative(process.cwd(), file);

/**
 * The `sources` and `reviewed` of `doc`'s keys starting with `prefix`, renamed by `rename`; none
 * when the file records neither (a file written before texts were reviewed one by one).
 */
function reviewOf(
  doc: TranslationFile,
  prefix: string,
  rename: (key: string) => string,
): { sources?: Record<string, unknown>; reviewed?: string[] } {
  if (doc.sources === undefined && doc.reviewed === undefined) return {};
  const sources = Object.fromEntries(
    Object.entries(doc.sources ?? {})
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, hash]) => [rename(key), hash]),
  );
  const reviewed = [...reviewedKeys(doc)].filter((key) => key.startsWith(prefix)).map(rename);
  return { sources, reviewed };
}

/** Prepares each language's translation of the collection file `file` (with treatments `slugs`) as a folder. */
export function splitTranslations(file: string, slugs: ReadonlySet<string>): PendingTranslations {
  const siteRoot = siteRootOf(file);
  const stem = path.basename(file, ".json");
  const ready: { lang: string; source: string; temporary: string; folder: string; count: number }[] = [];
  for (const lang of siteRoot ? translationLanguages(siteRoot) : []) {
    const source = path.join(siteRoot as string, "i18n", lang, "collections", `${stem}.json`);
    if (!existsSync(source)) continue;
    const folder = source.replace(/\.json$/, "");
    if (existsSync(folder)) throw new StorageError(`${shown(folder)}/ exists already; move it away first.`);
    const doc = readTranslation(source);
    const bySlug = new Map<string, Record<string, unknown>>();
    for (const [key, value] of Object.entries(doc.strings ?? {})) {
      const slug = /^sub_departments\.([^.]+)\./.exec(key)?.[1];
      if (!slug || !slugs.has(slug))
        throw new StorageError(
          `${shown(source)} translates '${key}', which is no treatment's text; run npm run validate first.`,
        );
      const texts = bySlug.get(slug) ?? {};
      texts[key.slice(treatmentKeyPrefix(slug).length)] = value;
      bySlug.set(slug, texts);
    }
    const temporary = `${folder}.splitting`;
    rmSync(temporary, { recursive: true, force: true });
    mkdirSync(temporary);
    const schema = schemaFrom(folder, "translation.schema.json", schemasOf(source, doc.$schema));
    for (const [slug, strings] of bySlug) {
      const { $schema: _schema, strings: _strings, sources, reviewed, ...rest } = doc;
      const review = reviewOf(doc, treatmentKeyPrefix(slug), (key) => key.slice(treatmentKeyPrefix(slug).length));
      const own = { $schema: schema, ...rest, strings, ...review };
      const stamped = review.sources === undefined ? own : { ...own, status: derivedStatus(own) };
      writeFileSync(path.join(temporary, `${slug}.json`), json(stamped));
    }
    ready.push({ lang, source, temporary, folder, count: bySlug.size });
  }
  return {
    commit() {
      const counts: Record<string, number> = {};
      for (const { lang, source, temporary, folder, count } of ready) {
        renameSync(temporary, folder);
        rmSync(source);
        counts[lang] = count;
      }
      return counts;
    },
  };
}

/** Prepares each language's translations of the collection folder `folder` (treatments `slugs`, in order) as one file. */
export function joinTranslations(folder: string, slugs: readonly string[]): PendingTranslations {
  const siteRoot = siteRootOf(folder);
  const stem = path.basename(folder);
  const known = new Set(slugs);
  const ready: { lang: string; source: string; temporary: string; file: string; count: number }[] = [];
  for (const lang of siteRoot ? translationLanguages(siteRoot) : []) {
    const source = path.join(siteRoot as string, "i18n", lang, "collections", stem);
    const files = treatmentTranslationFiles(source);
    const present = slugs.filter((slug) => files[slug]);
    const unknown = Object.keys(files).filter((slug) => !known.has(slug));
    if (unknown.length > 0)
      throw new StorageError(
        `${shown(files[unknown[0]])} translates no treatment of the collection (no '${unknown[0]}.json' beside it); run npm run validate first.`,
      );
    if (present.length === 0) continue;
    const file = `${source}.json`;
    if (existsSync(file)) throw new StorageError(`${shown(file)} exists already; move it away first.`);
    const docs = present.map((slug) => ({ slug, doc: readTranslation(files[slug]) }));
    const strings: Record<string, unknown> = {};
    const sources: Record<string, unknown> = {};
    const reviewed: string[] = [];
    for (const { slug, doc } of docs) {
      for (const [key, value] of Object.entries(doc.strings ?? {}))
        strings[`${treatmentKeyPrefix(slug)}${key}`] = value;
      const review = reviewOf(doc, "", (key) => `${treatmentKeyPrefix(slug)}${key}`);
      Object.assign(sources, review.sources);
      reviewed.push(...(review.reviewed ?? []));
    }
    const recorded = docs.some(({ doc }) => doc.sources !== undefined || doc.reviewed !== undefined);
    const notes = [...new Set(docs.map(({ doc }) => doc.note).filter((n): n is string => typeof n === "string"))];
    const first = docs[0];
    const joined = {
      $schema: schemaFrom(
        path.dirname(file),
        "translation.schema.json",
        schemasOf(files[first.slug], first.doc.$schema),
      ),
      status: recorded
        ? derivedStatus({ strings, reviewed })
        : docs.every(({ doc }) => doc.status === "reviewed")
          ? "reviewed"
          : "draft",
      ...(notes.length > 0 ? { note: notes.join("\n") } : {}),
      strings,
      ...(recorded ? { sources, reviewed } : {}),
    };
    const temporary = `${file}.joining`;
    writeFileSync(temporary, json(joined));
    ready.push({ lang, source, temporary, file, count: present.length });
  }
  return {
    commit() {
      const counts: Record<string, number> = {};
      for (const { lang, source, temporary, file, count } of ready) {
        renameSync(temporary, file);
        rmSync(source, { recursive: true });
        counts[lang] = count;
      }
      return counts;
    },
  };
}
