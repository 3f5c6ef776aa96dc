/** What `npm run collection` writes its files with (collection-storage.ts, translation-storage.ts). */
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A refusal, with what to do, for the command line. */
export class StorageError extends Error {}

/** A JSON file's text as the site's files are written: two spaces, a last newline. */
export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The "$schema" path from `folder` to a schema in the project's schemas/. */
export function schemaFrom(folder: string, schema: string, schemasDir: string): string {
  return path.relative(folder, path.join(schemasDir, schema)).split(path.sep).join("/");
}

/** The schemas/ folder a file's "$schema" points into, else the project's. */
export function schemasOf(file: string, schema: unknown): string {
  if (typeof schema !== "string") return path.join(root, "schemas");
  const target = path.resolve(path.dirname(file), schema);
  return existsSync(target) ? path.dirname(target) : path.join(root, "schemas");
}
