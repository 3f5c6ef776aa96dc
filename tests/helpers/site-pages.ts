/**
 * Every page of a site folder's config as the prerenderer describes it (PageInfo), read straight
 * from the collections (a file or a folder each), for tests that render pages in this process.
 */

import path from "node:path";
import { catalogListPages, listPages, type PageInfo, pageInfo } from "../../src/build/prerender/manifest";
import { listCollections, readCollections } from "../../src/shared/collections/store";
import { readTreatmentTranslations, type Strings } from "../../src/shared/collections/treatment-translations";
import type { TreatmentCollection } from "../../src/shared/generated/collection";

/** Treatments' texts by data file, language and slug. */
type Translations = Record<string, Record<string, Record<string, Strings>>>;

/** Every treatment's texts of the collections in `collectionsDir`, as the build publishes them. */
export function collectionTranslations(collectionsDir: string): Translations {
  const siteRoot = path.dirname(collectionsDir);
  return Object.fromEntries(
    listCollections(collectionsDir).map((location) => [
      location.dataFile,
      readTreatmentTranslations(siteRoot, location),
    ]),
  );
}

/** The catalog and sources the page list and page descriptions take, from whole collections. */
export function pageSources(collections: Record<string, TreatmentCollection>, translations: Translations = {}) {
  const catalog = Object.fromEntries(
    Object.entries(collections).map(([file, c]) => [
      file,
      {
        speciality: c.speciality,
        location: c.location,
        items: c.sub_departments.map(({ slug, name }) => ({ slug, name })),
      },
    ]),
  );
  const item = (file: string, slug: string) => {
    const found = collections[file]?.sub_departments.find((s) => s.slug === slug);
    if (!found) throw new Error(`No treatment ${slug} in ${file}`);
    return found;
  };
  const translation = (lang: string, file: string, slug: string) => translations[file]?.[lang]?.[slug] ?? {};
  return { catalog, item, translation, lists: catalogListPages(catalog) };
}

/** Every page of the site whose collections are in `collectionsDir`. */
export async function sitePageInfos(collectionsDir: string): Promise<PageInfo[]> {
  const sources = pageSources(readCollections(collectionsDir), collectionTranslations(collectionsDir));
  const specs = await listPages(sources.catalog);
  return Promise.all(specs.map((spec) => pageInfo(spec, sources)));
}
