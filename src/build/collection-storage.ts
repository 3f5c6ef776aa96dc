/**
 * `npm run collection -- split <file>` turns a collection file into a folder with one file per
 * treatment page, so a change to one page is a small diff of one small file; `-- join <folder>`
 * turns it back. The pages, the published data and what validates are the same either way.
 *
 *   site-config/collections/cardiology-sub-departments.json
 * becomes
 *   site-config/collections/cardiology-sub-departments/_collection.json   (speciality, location)
 *   site-config/collections/cardiology-sub-departments/{slug}.json        (one per treatment page)
 *
 * and its translations go the same way (translation-storage.ts):
 *   site-config/i18n/te/collections/cardiology-sub-departments.json       (keys 'sub_departments.{slug}.…')
 * becomes
 *   site-config/i18n/te/collections/cardiology-sub-departments/{slug}.json  (keys from the treatment)
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isSlug } from "../shared/collections/data-files";
import { readStoredCollection, settingsFileName, wholeCollection } from "../shared/collections/store";
import type { TreatmentCollection } from "../shared/generated/collection";
import { json, StorageError, schemaFrom, schemasOf } from "./storage-files";
import { joinTranslations, splitTranslations } from "./translation-storage";

export { StorageError } from "./storage-files";

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
  // Checked and written beside their files before anything moves; put in place after the collection.
  const translations = splitTranslations(absolute, seen);
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
  const translated = translations.commit();
  return { folder, pages: data.sub_departments?.length ?? 0, translations: translated };
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
  const translations = joinTranslations(
    absolute,
    whole.sub_departments.map((item) => item.slug),
  );
  const settings = JSON.parse(readFileSync(stored.settingsFile, "utf8")) as { $schema?: unknown };
  const schemasDir = schemasOf(stored.settingsFile, settings.$schema);
  const text = json({ $schema: schemaFrom(path.dirname(file), "collection.schema.json", schemasDir), ...whole });
  writeFileSync(`${file}.joining`, text);
  renameSync(`${file}.joining`, file);
  rmSync(absolute, { recursive: true });
  const translated = translations.commit();
  return { file, pages: whole.sub_departments.length, translations: translated };
}

/** ', and their translations: 2 Telugu files, …' for the command line. */
const translatedSplit = (counts: Record<string, number>) =>
  Object.keys(counts).length === 0
    ? ""
    : `; translations: ${Object.entries(counts)
        .map(([lang, n]) => `${n} in i18n/${lang}/`)
        .join(", ")}`;

const translatedJoin = (counts: Record<string, number>) =>
  Object.keys(counts).length === 0
    ? ""
    : `; the translations of ${Object.entries(counts)
        .map(([lang, n]) => `${n} in i18n/${lang}/`)
        .join(", ")} joined too`;

const usage = `Usage: npm run collection -- split <collection file>
       npm run collection -- join <collection folder>

split: site-config/collections/{name}-sub-departments.json becomes the folder
       site-config/collections/{name}-sub-departments/ with _collection.json and one {slug}.json
       per treatment page, and each language's translation of it, site-config/i18n/{code}/
       collections/{name}-sub-departments.json, one {slug}.json per translated treatment in
       site-config/i18n/{code}/collections/{name}-sub-departments/. join does the opposite.
       Commit the result as any change.
`;

/** `npm run collection -- split|join <path>`; returns the exit code. */
export function main(argv: string[]): number {
  const [command, target] = argv;
  try {
    if (command === "split" && target) {
      const { folder, pages, translations } = splitCollection(target);
      console.log(
        `Split into ${path.relative(process.cwd(), folder)}/: _collection.json and ${pages} treatment page files${translatedSplit(translations)}.`,
      );
      return 0;
    }
    if (command === "join" && target) {
      const { file, pages, translations } = joinCollection(target);
      console.log(
        `Joined into ${path.relative(process.cwd(), file)}: ${pages} treatment pages${translatedJoin(translations)}.`,
      );
      return 0;
    }
    process.stderr.write(usage);
    return 2;
  } catch (error) {
    process.stderr.write(`collection: ${(error as Error).message}\n`);
    return 1;
  }
}
