/**
 * Each job's hash by its key, as the build's state keeps it between builds: Maps nested by the
 * key's fields (kind, then data file, then slug, ...), so a job of the last build that this one
 * no longer has is read back as the typed key it was, with no string to parse. V8 serialises the
 * nested Maps no slower than one flat record of strings (build-state.ts).
 */
import type { JobKey } from "../keys";

type Field = string | number;
interface Level extends Map<Field, Level | string> {}

/** Every job's hash, by kind and then by the key's fields in order. */
export type JobHashes = Map<JobKey["kind"], Level>;

/** A key's fields, in the order the table nests them. */
function fieldsOf(key: JobKey): Field[] {
  switch (key.kind) {
    case "page":
      return [key.path];
    case "treatment-data":
      return [key.dataFile, key.slug];
    case "treatment-translation":
      return [key.lang, key.dataFile, key.slug];
    case "list-data":
      return [key.dataFile, key.page];
    case "index-data":
    case "whole-data":
      return [key.dataFile];
  }
}

/** The key with these fields (as fieldsOf gave them, their types kept by the Maps). */
function keyFrom(kind: JobKey["kind"], fields: Field[]): JobKey {
  const [a, b, c] = fields as [string, string, string];
  switch (kind) {
    case "page":
      return { kind, path: a };
    case "treatment-data":
      return { kind, dataFile: a, slug: b };
    case "treatment-translation":
      return { kind, lang: a, dataFile: b, slug: c };
    case "list-data":
      return { kind, dataFile: a, page: fields[1] as number };
    case "index-data":
    case "whole-data":
      return { kind, dataFile: a };
  }
}

/** The job's hash in `table`, or undefined when the table has no such job. */
export function jobHash(table: JobHashes, key: JobKey): string | undefined {
  let level: Level | string | undefined = table.get(key.kind);
  for (const field of fieldsOf(key)) level = typeof level === "object" ? level.get(field) : undefined;
  return typeof level === "string" ? level : undefined;
}

export function setJobHash(table: JobHashes, key: JobKey, hash: string): void {
  const fields = fieldsOf(key);
  let level: Level = table.get(key.kind) ?? new Map();
  table.set(key.kind, level);
  for (const field of fields.slice(0, -1)) {
    const next: Level | string | undefined = level.get(field);
    const inner: Level = typeof next === "object" ? next : new Map();
    level.set(field, inner);
    level = inner;
  }
  level.set(fields[fields.length - 1], hash);
}

/** How many jobs `table` has. */
export function jobCount(table: JobHashes): number {
  const count = (level: Level): number => {
    let n = 0;
    for (const next of level.values()) n += typeof next === "string" ? 1 : count(next);
    return n;
  };
  let n = 0;
  for (const level of table.values()) n += count(level);
  return n;
}

/** Every job in `table`, kind by kind, each kind's in the order they were set. */
export function jobKeys(table: JobHashes): JobKey[] {
  const keys: JobKey[] = [];
  const walk = (kind: JobKey["kind"], level: Level, fields: Field[]) => {
    for (const [field, next] of level) {
      if (typeof next === "string") keys.push(keyFrom(kind, [...fields, field]));
      else walk(kind, next, [...fields, field]);
    }
  };
  for (const [kind, level] of table) walk(kind, level, []);
  return keys;
}
