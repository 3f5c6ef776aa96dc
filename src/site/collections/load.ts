/**
 * Treatment data in the browser, one page's worth at a time (the files are described in
 * src/shared/collections/data-files.ts):
 *
 * - a treatment page fetches its own data file, assets/data/{stem}/{slug}.json;
 * - only an address that names no treatment (an alias, a misspelling) fetches the compact index
 *   of slugs and names, to resolve it through aliases and fuzzy matching, and then that
 *   treatment's file; an unknown one ends with the slugs that exist, for the log;
 * - a speciality page fetches the page of the treatment list it shows;
 * - if a data file cannot be loaded, the built-in copy of the same piece is used (a module of
 *   its own per treatment, never the whole collection), and that is logged;
 * - a treatment's texts in another language come the same way, one treatment at a time
 *   (treatment-texts.ts).
 *
 * Whatever answered is kept for the session, and what a prerendered page carries is used as it
 * is, so it hydrates without a request.
 */
import {
  dataPaths,
  defaultListPageSize,
  isSlug,
  listPages,
  type TreatmentData,
  type TreatmentIndex,
  type TreatmentListPage,
  treatmentData,
  treatmentIndex,
} from "../../shared/collections/data-files";
import type { TreatmentCollection } from "../../shared/generated/collection";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import type { Tracked } from "../tracked";
import { messages } from "../ui/renderer-text";
import { cachedLoader, fetchJson, importBuiltIn, LoadError } from "./fetch-data";
import { clearHydration, type HydrationPayload, onHydration } from "./hydration";
import { resolveSlug } from "./resolve";
import { clearTreatmentTexts } from "./treatment-texts";

export { setBuiltInLoader } from "./fetch-data";
export type { HydrationPayload } from "./hydration";

/** What finding a treatment gave: its data (a collection of one), or the slugs that exist. */
export type TreatmentLookup = { found: TreatmentData } | { missing: string[] };

/** What a lookup needs of its collection's presentation. */
export type LookupPresentation = Pick<CollectionPresentation, "dataFile" | "slugAliases" | "fuzzyMatch">;

/** The published data or the built-in copy: the same pieces, from two places. */
interface Source {
  /** One treatment's data, or undefined when the collection has no such slug. */
  treatment(file: string, slug: string): Promise<TreatmentData | undefined>;
  index(file: string): Promise<TreatmentIndex>;
}

const hasOne = (data: TreatmentData | undefined) =>
  Array.isArray(data?.sub_departments) && data.sub_departments.length === 1;

const publishedIndex = cachedLoader(async (file: string) => {
  const path = dataPaths.index(file);
  const index = await fetchJson<TreatmentIndex>(path);
  if (!Array.isArray(index?.slugs)) throw new LoadError(path, `/${path} is missing or holds no slugs`);
  return index;
});

const published: Source = {
  async treatment(file, slug) {
    const path = dataPaths.treatment(file, slug);
    const data = await fetchJson<TreatmentData>(path);
    if (data !== undefined && !hasOne(data)) throw new LoadError(path, `/${path} holds no treatment`);
    return data;
  },
  index: (file) => publishedIndex(file),
};

const builtInIndex = cachedLoader(
  async (file: string) => (await importBuiltIn(dataPaths.builtInIndex(file))) as TreatmentIndex,
);

const builtIn: Source = {
  async treatment(file, slug) {
    try {
      return (await importBuiltIn(dataPaths.builtInTreatment(file, slug))) as TreatmentData;
    } catch (error) {
      // A module that is not there and one that could not be loaded look alike; the index tells.
      if ((await builtInIndex(file)).slugs.includes(slug)) throw error;
      return undefined;
    }
  },
  index: (file) => builtInIndex(file),
};

/** The requested address part as a slug would be: decoded and lower-cased. */
function normalise(requested: string): string {
  try {
    return decodeURIComponent(requested).toLowerCase();
  } catch {
    return requested.toLowerCase();
  }
}

async function lookupIn(source: Source, presentation: LookupPresentation, slug: string): Promise<TreatmentLookup> {
  const file = presentation.dataFile;
  if (isSlug(slug)) {
    const data = await source.treatment(file, slug);
    if (data) return { found: data };
  }
  const index = await source.index(file);
  const target = resolveSlug(slug, index, presentation);
  if (!target) return { missing: index.slugs };
  const data = await source.treatment(file, target);
  if (!data) throw new Error(`The index of ${file} names '${target}', but there is no data for it.`);
  return { found: data };
}

const failedPath = (error: unknown, otherwise: string) => (error instanceof LoadError ? error.path : otherwise);

const presentationsByFile = new Map<string, LookupPresentation>();
const lookupKey = (file: string, slug: string) => `${file}\n${slug}`;

const lookups = cachedLoader(async (key: string): Promise<TreatmentLookup> => {
  const [file, slug] = key.split("\n");
  const presentation = presentationsByFile.get(file) as LookupPresentation;
  try {
    return await lookupIn(published, presentation, slug);
  } catch (error) {
    console.error(messages.dataLoadFailed(failedPath(error, dataPaths.treatment(file, slug))), error);
    return lookupIn(builtIn, presentation, slug);
  }
});

/** Finds the treatment an address part names (see the top of this file); loaded once per address. */
export function findTreatment(presentation: LookupPresentation, requested: string): Tracked<TreatmentLookup> {
  presentationsByFile.set(presentation.dataFile, presentation);
  return lookups(lookupKey(presentation.dataFile, normalise(requested)));
}

/** A page of the list from an index (the built-in copy has no list pages of its own). */
function listFromIndex(index: TreatmentIndex, page: number, size: number): TreatmentListPage | undefined {
  const items = index.slugs.map((slug, i) => ({ slug, name: index.names[i] }));
  const pages = listPages(items, size);
  return pages[page - 1];
}

const listKey = (file: string, page: number, size: number) => `${file}\n${page}\n${size}`;

const listPageLoader = cachedLoader(async (key: string): Promise<TreatmentListPage | undefined> => {
  const [file, page, size] = key.split("\n");
  const path = dataPaths.listPage(file, Number(page));
  try {
    return await fetchJson<TreatmentListPage>(path);
  } catch (error) {
    console.error(messages.dataLoadFailed(path), error);
    return listFromIndex(await builtInIndex(file), Number(page), Number(size));
  }
});

/** The `page`-th page (1-based) of a collection's treatment list; undefined past its last page. */
export function loadListPage(file: string, page: number, size: number): Tracked<TreatmentListPage | undefined> {
  return listPageLoader(listKey(file, page, size));
}

const indexLoader = cachedLoader(async (file: string): Promise<TreatmentIndex> => {
  try {
    return await publishedIndex(file);
  } catch (error) {
    console.error(messages.dataLoadFailed(dataPaths.index(file)), error);
    return builtInIndex(file);
  }
});

/** The compact index of a collection (for search); the built-in one if it cannot be loaded. */
export const loadIndex = (file: string): Tracked<TreatmentIndex> => indexLoader(file);

// What a prerendered page carries is the answer for its own address, so it renders with no request.
onHydration((_path, payload: HydrationPayload) => {
  if (payload.treatment) {
    const { file, data } = payload.treatment;
    const slug = data.sub_departments[0]?.slug;
    if (slug) lookups.seed(lookupKey(file, slug), { found: data });
  }
  if (payload.listing) {
    const { file, data } = payload.listing;
    listPageLoader.seed(listKey(file, data.page, data.size), data);
  }
});

/**
 * Seeds the caches with a whole collection, or the part of it at hand (the editor's preview of a
 * draft, tests): each treatment, the index and the list's pages.
 */
export function primeCollection(file: string, collection: TreatmentCollection, listSize = defaultListPageSize) {
  for (const item of collection.sub_departments) {
    lookups.seed(lookupKey(file, item.slug), { found: treatmentData(collection, item) });
  }
  const index = treatmentIndex(collection, collection.sub_departments);
  publishedIndex.seed(file, index);
  indexLoader.seed(file, index);
  for (const page of listPages(collection.sub_departments, listSize)) {
    listPageLoader.seed(listKey(file, page.page, listSize), page);
  }
}

/** Forgets every loaded piece and the page's own data (between prerendered pages, and tests). */
export function clearCollectionCache() {
  for (const cache of [lookups, listPageLoader, indexLoader, publishedIndex, builtInIndex]) cache.clear();
  clearTreatmentTexts();
  presentationsByFile.clear();
  clearHydration();
}
