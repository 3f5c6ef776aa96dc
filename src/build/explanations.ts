/**
 * What the build says it did and why: the files that changed since the last build, and for an
 * incremental build each piece made again with its cause ("made again: … because …").
 */
import { existsSync } from "node:fs";
import { stemOf } from "../shared/collections/data-files";
import type { BuildState } from "./build-state";
import type { CatalogEntry } from "./catalog";
import type { InputScanner } from "./inputs";
import { type DepKey, type JobKey, keyOf } from "./keys";
import { type DepHashTable, depHash } from "./plan/deps";
import { jobHash } from "./plan/job-hashes";

export function listNames(names: string[], max = 3): string {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")} and ${names.length - max} more`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** The files that changed since the last build, in a few words. */
export function describeChanges(
  scanner: InputScanner,
  before: BuildState,
  catalog: Record<string, CatalogEntry>,
): string {
  const changed = Object.keys(scanner.stamps).filter((f) => before.stamps[f]?.hash !== scanner.stamps[f].hash);
  // Treatments' files and their translations' files: a removed one is no longer scanned.
  const filesOf = (c: CatalogEntry) => [
    ...c.items.map((i) => i.file),
    ...Object.values(c.translations ?? {}).flatMap((t) => Object.values(t.items).map((i) => i.file)),
  ];
  const beforeItems = Object.values(before.catalog).flatMap(filesOf);
  const nowItems = new Set(Object.values(catalog).flatMap(filesOf));
  const gone = [...new Set(beforeItems)].filter((f) => !nowItems.has(f) && !existsSync(f));
  const all = [...changed, ...gone.map((f) => `${f} (removed)`)];
  if (all.length === 0) return "no input changed since the last build";
  return `${plural(all.length, "file")} changed since the last build (${listNames(all)})`;
}

/** What an incremental build says after its first line: each piece made again and why, and what it removed. */
export function incrementalLines(
  stale: { key: JobKey; deps: DepKey[] }[],
  before: BuildState,
  deps: DepHashTable,
  languageNames: Record<string, string>,
  removed: string[],
): string[] {
  const lines = explain(stale, before, deps, languageNames).map((line) => `  made again: ${line}`);
  if (removed.length > 0)
    lines.push(
      `  removed: ${listNames(
        removed.filter((f) => !isCompressedCopy(f)),
        5,
      )}`,
    );
  if (stale.length === 0) lines.push("  nothing to make again: dist/ is up to date");
  return lines;
}

/** Whether a file of dist/ is another's compressed copy (the build's counts leave those out). */
export const isCompressedCopy = (file: string) => /\.(br|gz)$/.test(file);

/** Why each piece was made again, grouped: '1 treatment page (/...): its treatment changed'. */
export function explain(
  stale: { key: JobKey; deps: DepKey[] }[],
  before: BuildState,
  deps: DepHashTable,
  languageNames: Record<string, string>,
): string[] {
  const languageName = (code: string) => languageNames[code] ?? code;
  const groups = new Map<string, string[]>();
  for (const piece of stale) {
    const causes = piece.deps.filter((d) => depHash(before.deps, d) !== depHash(deps, d));
    const why =
      jobHash(before.jobs, piece.key) === undefined
        ? "new"
        : piece.key.kind === "whole-data"
          ? "a treatment or the settings of the collection changed"
          : causes.length === 0
            ? "its inputs changed"
            : causes.map((dep) => describeDep(dep, languageName)).join(", ");
    const list = groups.get(why) ?? [];
    list.push(describeJob(piece.key, languageName));
    groups.set(why, list);
  }
  return [...groups.entries()].map(([why, what]) => `${listNames(what, 4)} (${why})`);
}

/** What a piece is, in a few words: '/specialities/cardiology', 'the index of cardiology-sub-departments'. */
export function describeJob(key: JobKey, languageName: (code: string) => string): string {
  switch (key.kind) {
    case "page":
      return key.path;
    case "treatment-data":
      return `data file and built-in copy of ${key.slug}`;
    case "treatment-translation":
      return `${languageName(key.lang)} data file and built-in copy of ${key.slug}`;
    case "list-data":
      return `page ${key.page} of the ${stemOf(key.dataFile)} list data`;
    case "index-data":
      return `the index of ${stemOf(key.dataFile)}`;
    case "whole-data":
      return `the whole data file assets/data/${key.dataFile}`;
  }
}

/** What changed of what a piece is made of: "treatment 'angioplasty' changed". */
export function describeDep(dep: DepKey, languageName: (code: string) => string): string {
  switch (dep.kind) {
    case "item":
      return `treatment '${dep.slug}' changed`;
    case "translation":
      return `the ${languageName(dep.lang)} translation of treatment '${dep.slug}' changed`;
    case "translated":
      return `the languages treatment '${dep.slug}' is translated into changed`;
    case "settings":
      return `the settings of ${stemOf(dep.dataFile)} changed`;
    case "list":
      return dep.lang
        ? `the treatments it lists or their ${languageName(dep.lang)} names changed`
        : "the treatments it lists changed";
    case "list-file":
      return "the treatments it lists or their names changed";
    case "page-file":
      return `${dep.file} changed`;
    case "index":
      return `a slug or name in ${stemOf(dep.dataFile)} changed`;
    case "font":
      // As the build has always said it (a font's files are named by their content).
      return `${keyOf(dep)} changed`;
  }
}
