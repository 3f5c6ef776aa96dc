/**
 * Every page of a site folder's config as the prerenderer describes it (PageInfo), read straight
 * from the collections (a file or a folder each), for tests that render pages in this process.
 */
import { catalogListPages, listPages, type PageInfo, pageInfo } from "../../src/build/prerender/manifest";
import { readCollections } from "../../src/shared/collections/store";
import type { TreatmentCollection } from "../../src/shared/generated/collection";

/** The catalog and sources the page list and page descriptions take, from whole collections. */
export function pageSources(collections: Record<string, TreatmentCollection>) {
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
  return { catalog, item, lists: catalogListPages(catalog) };
}

/** Every page of the site whose collections are in `collectionsDir`. */
export async function sitePageInfos(collectionsDir: string): Promise<PageInfo[]> {
  const sources = pageSources(readCollections(collectionsDir));
  const specs = await listPages(sources.catalog);
  return Promise.all(specs.map((spec) => pageInfo(spec, sources)));
}
