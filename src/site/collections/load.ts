/**
 * Loads a treatment collection once per session: GET /assets/data/{file}; if that fails, the
 * built-in copy (a separate lazy chunk, never in the main bundle) is used. Whichever answered is
 * cached, so every later page view of the collection is instant.
 */
import type { TreatmentCollection } from "../../shared/generated/collection";
import { messages } from "../ui/renderer-text";

/**
 * The collection data a prerendered page needs to hydrate without waiting for the data file: the
 * one treatment of a treatment page, or the names and slugs a speciality page lists. The
 * prerenderer writes it into the page; the browser primes the cache with it.
 */
export interface HydrationPayload {
  file: string;
  data: TreatmentCollection;
}

const builtIn = import.meta.glob<TreatmentCollection>("../../../site-config/collections/*-sub-departments.json", {
  import: "default",
});

const cache = new Map<string, Promise<TreatmentCollection>>();
const settled = new Map<string, TreatmentCollection>();

async function fetchCollection(file: string): Promise<TreatmentCollection> {
  const response = await fetch(`/assets/data/${file}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /assets/data/${file} answered ${response.status}`);
  const data = (await response.json()) as TreatmentCollection;
  if (!Array.isArray(data?.sub_departments)) throw new Error(`/assets/data/${file} has no sub_departments list`);
  return data;
}

async function loadBuiltIn(file: string): Promise<TreatmentCollection> {
  const loader = builtIn[`../../../site-config/collections/${file}`];
  if (!loader) throw new Error(`There is no built-in copy of ${file}.`);
  return loader();
}

/** The collection in `file`, from the network or the built-in copy; loaded once and cached. */
export function loadCollection(file: string): Promise<TreatmentCollection> {
  let pending = cache.get(file);
  if (!pending) {
    pending = fetchCollection(file)
      .catch((error: unknown) => {
        console.error(messages.dataLoadFailed(file), error);
        return loadBuiltIn(file);
      })
      .then((data) => {
        settled.set(file, data);
        return data;
      });
    cache.set(file, pending);
  }
  return pending;
}

/** Seeds the cache with a whole collection (prerendering, tests). */
export function primeCollection(file: string, data: TreatmentCollection) {
  settled.set(file, data);
  cache.set(file, Promise.resolve(data));
}

// What a prerendered page was rendered with (one treatment, or a speciality's treatment list),
// valid only for that page's first render so hydration matches the served HTML; other pages wait
// for the whole file.
let hydration: { path: string; file: string; data: TreatmentCollection } | null = null;

/** Records the data a prerendered page carries (see src/build/prerender/prerender.ts). */
export function primeHydration(path: string, file: string, data: TreatmentCollection) {
  hydration = { path, file, data };
}

/** The collection a page at `pathname` can render with right away, if any. */
export function initialCollection(file: string, pathname: string): TreatmentCollection | undefined {
  const loaded = settled.get(file);
  if (loaded) return loaded;
  return hydration?.file === file && hydration.path === pathname ? hydration.data : undefined;
}

/** Forgets every loaded collection (tests only). */
export function clearCollectionCache() {
  cache.clear();
  settled.clear();
  hydration = null;
}
