/**
 * The data files the build publishes for the site's collections (src/shared/collections/data-files.ts),
 * made in memory from site-config/ by the same functions, and a fetch that serves them, for
 * component tests of pages that load their own data.
 */

import path from "node:path";
import { vi } from "vitest";
import { dataPaths, listPages, treatmentDataJson, treatmentIndex } from "../../src/shared/collections/data-files";
import type { Strings } from "../../src/shared/collections/treatment-translations";
import type { TreatmentCollection } from "../../src/shared/generated/collection";
import { presentations } from "../../src/site/config/presentations";
import { collections, siteConfigDir } from "./site-collections";
import { collectionTranslations } from "./site-pages";

export { collections } from "./site-collections";

/** The site's treatments' texts by data file, language and slug. */
export const translations = collectionTranslations(path.join(siteConfigDir, "collections"));

/**
 * Every published data file, by its URL ('/assets/data/...'), and the built-in copies' values by
 * URL; treatments' texts from `texts` (by data file, language and slug).
 */
export function publishedData(
  from: Record<string, TreatmentCollection> = collections,
  texts: Record<string, Record<string, Record<string, Strings>>> = from === collections ? translations : {},
) {
  const files = new Map<string, unknown>();
  const builtIn = new Map<string, unknown>();
  for (const [file, collection] of Object.entries(from)) {
    const size = Object.values(presentations).find((p) => p.dataFile === file)?.listPageSize ?? 24;
    files.set(`/${dataPaths.whole(file)}`, collection);
    const index = treatmentIndex(collection, collection.sub_departments);
    files.set(`/${dataPaths.index(file)}`, index);
    builtIn.set(dataPaths.builtInIndex(file), index);
    const byLanguage = texts[file] ?? {};
    for (const item of collection.sub_departments) {
      const langs = Object.keys(byLanguage).filter((lang) => byLanguage[lang][item.slug]);
      const data = JSON.parse(treatmentDataJson(collection, item, langs));
      files.set(`/${dataPaths.treatment(file, item.slug)}`, data);
      builtIn.set(dataPaths.builtInTreatment(file, item.slug), data);
      for (const lang of langs) {
        const strings = { strings: byLanguage[lang][item.slug] };
        files.set(`/${dataPaths.translation(lang, file, item.slug)}`, strings);
        builtIn.set(dataPaths.builtInTranslation(lang, file, item.slug), strings);
      }
    }
    // The list pages carry each treatment's names in other languages, as the build's catalog gives them.
    const listed = collection.sub_departments.map(({ slug, name }) => {
      const names: Record<string, string> = {};
      for (const lang of Object.keys(byLanguage))
        if (byLanguage[lang][slug]?.name) names[lang] = byLanguage[lang][slug].name;
      return { slug, name, names };
    });
    for (const page of listPages(listed, size)) files.set(`/${dataPaths.listPage(file, page.page)}`, page);
  }
  return { files, builtIn };
}

/** A fetch mock that answers with the published data (404 for anything else). */
export function dataFetch(files = publishedData().files) {
  return vi.fn(async (url: string) => {
    const body = files.get(url);
    return body === undefined
      ? new Response("missing", { status: 404 })
      : new Response(JSON.stringify(body), { status: 200 });
  });
}

/** A loader of built-in copies for setBuiltInLoader (tests have no server for the modules). */
export function builtInLoader(builtIn = publishedData().builtIn) {
  return async (modulePath: string) => {
    if (!builtIn.has(modulePath)) throw new TypeError(`Failed to fetch dynamically imported module: /${modulePath}`);
    return structuredClone(builtIn.get(modulePath));
  };
}
