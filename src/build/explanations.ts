/**
 * What the build says it did and why: the files that changed since the last build, and for an
 * incremental build each piece made again with its cause ("made again: … because …").
 */
import { existsSync } from "node:fs";
import { stemOf } from "../shared/collections/data-files";
import type { BuildState } from "./build-state";
import type { CatalogEntry } from "./catalog";
import type { InputScanner } from "./inputs";

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

/** Why each piece was made again, grouped: '1 treatment page (/...): its treatment changed'. */
export function explain(
  stale: { id: string; deps: string[] }[],
  before: BuildState,
  deps: Record<string, string>,
  languageNames: Record<string, string>,
): string[] {
  const languageName = (code: string) => languageNames[code] ?? code;
  const groups = new Map<string, string[]>();
  for (const piece of stale) {
    const [kind, ...rest] = piece.id.split(":");
    const what =
      kind === "page"
        ? rest.join(":")
        : kind === "data"
          ? `data file and built-in copy of ${rest[1]}`
          : kind === "translation"
            ? `${languageName(rest[0])} data file and built-in copy of ${rest[2]}`
            : kind === "list"
              ? `page ${rest[1]} of the ${stemOf(rest[0])} list data`
              : kind === "index"
                ? `the index of ${stemOf(rest[0])}`
                : `the whole data file assets/data/${rest[0]}`;
    const causes = piece.deps.filter((d) => before.deps[d] !== deps[d]);
    const why = !(piece.id in before.jobs)
      ? "new"
      : kind === "whole"
        ? "a treatment or the settings of the collection changed"
        : causes.length === 0
          ? "its inputs changed"
          : causes.map((dep) => describeDep(dep, languageName)).join(", ");
    const list = groups.get(why) ?? [];
    list.push(what);
    groups.set(why, list);
  }
  return [...groups.entries()].map(([why, what]) => `${listNames(what, 4)} (${why})`);
}

export function describeDep(dep: string, languageName: (code: string) => string): string {
  const [kind, file, slug] = dep.split(":");
  if (kind === "item") return `treatment '${slug}' changed`;
  if (kind === "translation") {
    const [, lang, , treatment] = dep.split(":");
    return `the ${languageName(lang)} translation of treatment '${treatment}' changed`;
  }
  if (kind === "translated") return `the languages treatment '${slug}' is translated into changed`;
  if (kind === "settings") return `the settings of ${stemOf(file)} changed`;
  if (kind === "list") {
    const lang = dep.split(":")[3];
    return lang
      ? `the treatments it lists or their ${languageName(lang)} names changed`
      : `the treatments it lists changed`;
  }
  if (kind === "list-data") return `the treatments it lists or their names changed`;
  if (kind === "page") return `${file} changed`;
  if (kind === "index") return `a slug or name in ${stemOf(file)} changed`;
  return `${dep} changed`;
}
