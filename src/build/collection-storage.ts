/**
 * `npm run collection -- split <file>` turns a collection file into a folder with one file per
 * treatment page, so a change to one page is a small diff of one small file; `-- join <folder>`
 * turns it back. The pages, the published data and what validates are the same either way.
 *
 *   site-config/collections/cardiology-sub-departments.json
 * becomes
 *   site-config/collections/cardiology-sub-departments/_collection.json   (speciality, location)
 *   site-config/collections/cardiology-sub-departments/{slug}.json        (one per treatment page)
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isSlug } from "../shared/collections/data-files";
import { readStoredCollection, settingsFileName, wholeCollection } from "../shared/collections/store";
import type { TreatmentCollection } from "../shared/generated/collection";

const root = path.resolve(import.meta.dirname, "../..");

/** A refusal, with what to do, for the command line. */
export class StorageError extends Error {}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The "$schema" path from `folder` to a schema in the project's schemas/. */
function schemaFrom(folder: string, schema: string, schemasDir: string): string {
  return path.relative(folder, path.join(schemasDir, schema)).split(path.sep).join("/");
}

/** The schemas/ folder a file's "$schema" points into, else the project's. */
function schemasOf(file: string, schema: unknown): string {
  if (typeof schema !== "string") return path.join(root, "schemas");
  const target = path.resolve(path.dirname(file), schema);
  return existsSync(target) ? path.dirname(target) : path.join(root, "schemas");
}

/** Splits a collection file into a folder of the same name; returns the folder and how many pages. */
export function splitCollection(file: string) {
  const absolute = path.resolve(file);
  if (!/-sub-departments\.json$/.test(absolute))
    throw new StorageError(`${file} is not a collection file (its name ends in '-sub-departments.json').`);
  const folder = absolute.replace(/\.json$/, "");
  if (existsSync(folder)) throw new StorageError(`${folder}/ exists already; move it away first.`);
  const data = JSON.parse(readFileSync(absolute, "utf8")) as TreatmentCollection;
  const schemasDir = schemasOf(absolute, data.$schema);
  const seen = new Set<string>();
  for (const [i, item] of (data.sub_departments ?? []).entries()) {
    if (typeof item?.slug !== "string" || !isSlug(item.slug))
      throw new StorageError(
        `Treatment ${i + 1} has no valid slug to name its file after; run npm run validate first.`,
      );
    if (seen.has(item.slug))
      throw new StorageError(`Two treatments have the slug '${item.slug}'; run npm run validate first.`);
    seen.add(item.slug);
  }
  // Written beside the file and renamed into place, so a failure leaves the file as it was.
  const temporary = `${folder}.splitting`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary);
  writeFileSync(
    path.join(temporary, settingsFileName),
    json({
      $schema: schemaFrom(folder, "collection-settings.schema.json", schemasDir),
      speciality: data.speciality,
      location: data.location,
    }),
  );
  const itemSchema = schemaFrom(folder, "treatment-page.schema.json", schemasDir);
  for (const item of data.sub_departments ?? []) {
    const { $schema: _schema, ...rest } = item;
    writeFileSync(path.join(temporary, `${item.slug}.json`), json({ $schema: itemSchema, ...rest }));
  }
  renameSync(temporary, folder);
  rmSync(absolute);
  return { folder, pages: data.sub_departments?.length ?? 0 };
}

/** Joins a collection folder back into one file of the same name; returns the file and how many pages. */
export function joinCollection(folder: string) {
  const absolute = path.resolve(folder).replace(/[\\/]+$/, "");
  const file = `${absolute}.json`;
  if (!/-sub-departments$/.test(absolute))
    throw new StorageError(`${folder} is not a collection folder (its name ends in '-sub-departments').`);
  if (existsSync(file)) throw new StorageError(`${file} exists already; move it away first.`);
  const stored = readStoredCollection({ dataFile: path.basename(file), storage: "folder", path: absolute });
  const whole = wholeCollection(stored);
  const settings = JSON.parse(readFileSync(stored.settingsFile, "utf8")) as { $schema?: unknown };
  const schemasDir = schemasOf(stored.settingsFile, settings.$schema);
  const text = json({ $schema: schemaFrom(path.dirname(file), "collection.schema.json", schemasDir), ...whole });
  writeFileSync(`${file}.joining`, text);
  renameSync(`${file}.joining`, file);
  rmSync(absolute, { recursive: true });
  return { file, pages: whole.sub_departments.length };
}

const usage = `Usage: npm run collection -- split <collection file>
       npm run collection -- join <collection folder>

split: site-config/collections/{name}-sub-departments.json becomes the folder
       site-config/collections/{name}-sub-departments/ with _collection.json and one {slug}.json
       per treatment page. join does the opposite. Commit the result as any change.
`;

/** `npm run collection -- split|join <path>`; returns the exit code. */
export function main(argv: string[]): number {
  const [command, target] = argv;
  try {
    if (command === "split" && target) {
      const { folder, pages } = splitCollection(target);
      console.log(
        `Split into ${path.relative(process.cwd(), folder)}/: _collection.json and ${pages} treatment page files.`,
      );
      return 0;
    }
    if (command === "join" && target) {
      const { file, pages } = joinCollection(target);
      console.log(`Joined into ${path.relative(process.cwd(), file)}: ${pages} treatment pages.`);
      return 0;
    }
    process.stderr.write(usage);
    return 2;
  } catch (error) {
    process.stderr.write(`collection: ${(error as Error).message}\n`);
    return 1;
  }
}
