/**
 * Each job's hash by its key, as the build's state keeps it between builds: Maps nested by the
 * key's fields (kind, then data file, then slug, ...), so a job of the last build that this one
 * no longer has is read back as the typed key it was, with no string to parse. V8 serialises the
 * nested Maps no slower than one flat record of strings (build-state.ts).
 */
import type { JobKey } from "../keys";
import { type Field, type KeyTable, tableCount, tableGet, tableKeys, tableSet } from "./key-table";

/** Every job's hash, by kind and then by the key's fields in order. */
export type JobHashes = KeyTable<JobKey["kind"]>;

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
  return tableGet(table, key.kind, fieldsOf(key));
}

export function setJobHash(table: JobHashes, key: JobKey, hash: string): void {
  tableSet(table, key.kind, fieldsOf(key), hash);
}

/** How many jobs `table` has. */
export const jobCount = (table: JobHashes): number => tableCount(table);

/** Every job in `table`, kind by kind, each kind's in the order they were set. */
export function jobKeys(table: JobHashes): JobKey[] {
  return tableKeys(table).map(([kind, fields]) => keyFrom(kind, fields));
}
