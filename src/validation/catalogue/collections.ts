/** Messages about treatment collections stored as a folder, one file per treatment page. */

import { quote } from "../words";
import { entry } from "./entry";

export const SlugNotFileName = entry({
  name: "SlugNotFileName",
  title: "A treatment page file is not named after its slug.",
  severity: "error",
  message: (slug: string, fileName: string) =>
    `Expected the slug to be the file's name, ${quote(fileName.replace(/\.json$/, ""))}, but found ${quote(slug)}. Rename the file to ${quote(`${slug}.json`)}, or change the slug back.`,
  hint: "In a collection folder each treatment page is a file named after its slug, so no two pages can share one and a page is found by its address.",
});

export const CollectionStoredTwice = entry({
  name: "CollectionStoredTwice",
  title: "A collection is stored as a file and as a folder.",
  severity: "error",
  message: (file: string, folder: string) =>
    `Expected the collection in one place, but both ${file} and the folder ${folder} hold it. Keep one: the folder (one file per treatment page) or this file.`,
  hint: "npm run collection -- split <file> turns a collection file into a folder; -- join <folder> turns it back.",
});

export const MissingCollectionSettings = entry({
  name: "MissingCollectionSettings",
  title: "A collection folder has no _collection.json.",
  severity: "error",
  message: (folder: string) =>
    `Expected ${folder}_collection.json with the collection's speciality and location, but there is none. Add it with "$schema": "../../../schemas/collection-settings.schema.json", "speciality" and "location".`,
  hint: "A collection folder holds _collection.json (its settings) and one file per treatment page.",
});
