/**
 * Where a treatment collection's data is published, and in which shapes. The build writes these
 * files (src/build/data/), the development servers serve them, and the site fetches them
 * (src/site/collections/load.ts). A page view fetches only what it shows:
 *
 * - `assets/data/{stem}/{slug}.json`: one treatment page, as a collection of one; when the treatment
 *   has translations, a last top-level field `"translated": ["hi", "te"]` names their languages, so
 *   the site fetches only translations that exist (a 404 is a console error in a browser);
 * - `assets/data/{lang}/{stem}/{slug}.json`: one treatment's texts in a language,
 *   `{"strings": {"name": "…", "content.h1": "…"}}`, keyed from the treatment itself (its keys in
 *   the collection's translation without the `sub_departments.{slug}.` in front); written only for
 *   a treatment with at least one translated text. Treatment texts are shown as written, never
 *   formatted as ICU messages, so they carry no parsed messages (unlike bundled translations);
 * - `assets/data/{stem}/_index.json`: the slugs and names of every treatment, fetched only when an
 *   address names no treatment (aliases and fuzzy matching need every name) or someone searches;
 * - `assets/data/{stem}/_pages/{n}.json`: the n-th page of the treatment list a speciality page shows,
 *   with each treatment's names in the other languages it has one in (`translatedNames`);
 * - `assets/builtin/{stem}/{slug}.js`, `_index.js` and `assets/builtin/{lang}/{stem}/{slug}.js`: the
 *   built-in copies, one module each, used when a data file cannot be loaded;
 * - `assets/data/{stem}.json`: the whole collection, the spec's data file, for anyone who reads it
 *   (exactly the spec's shape: no `translated` field), where site.json's `wholeCollectionFiles` asks for it.
 *
 * `{stem}` is the data file's name without `.json` (`cardiology-sub-departments`); it always ends
 * in `-sub-departments`, so it never clashes with a language's code. Slugs are lower-case words
 * and hyphens, so names starting with `_` never clash with a treatment.
 */
import type { SubDepartment, TreatmentCollection } from "../generated/collection";

/** A data file's name without '.json': 'cardiology-sub-departments'. */
export const stemOf = (dataFile: string) => dataFile.replace(/\.json$/, "");

/** Paths in the built site (no leading '/'); the site fetches them at '/' + path. */
export const dataPaths = {
  whole: (dataFile: string) => `assets/data/${dataFile}`,
  treatment: (dataFile: string, slug: string) => `assets/data/${stemOf(dataFile)}/${slug}.json`,
  index: (dataFile: string) => `assets/data/${stemOf(dataFile)}/_index.json`,
  listPage: (dataFile: string, page: number) => `assets/data/${stemOf(dataFile)}/_pages/${page}.json`,
  builtInTreatment: (dataFile: string, slug: string) => `assets/builtin/${stemOf(dataFile)}/${slug}.js`,
  builtInIndex: (dataFile: string) => `assets/builtin/${stemOf(dataFile)}/_index.js`,
  translation: (lang: string, dataFile: string, slug: string) => `assets/data/${lang}/${stemOf(dataFile)}/${slug}.json`,
  builtInTranslation: (lang: string, dataFile: string, slug: string) =>
    `assets/builtin/${lang}/${stemOf(dataFile)}/${slug}.js`,
};

/** Whether a requested address part can be a slug, and so a data file's name. */
export const isSlug = (text: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text);

/**
 * The compact index of a collection: every treatment's slug and name, sorted by slug (parallel
 * lists, the smallest JSON for thousands of entries).
 */
export interface TreatmentIndex {
  speciality: string;
  location: string;
  slugs: string[];
  names: string[];
}

/** One page of a speciality page's treatment list: slugs and names, sorted by name. */
export interface TreatmentListPage {
  /** 1-based. */
  page: number;
  pages: number;
  /** Treatments per page. */
  size: number;
  total: number;
  slugs: string[];
  names: string[];
  /**
   * By language, each treatment's name in it, in the order of `names`; null where a treatment has
   * no name in that language (it shows in English). Absent when no treatment of the page has one.
   */
  translatedNames?: Record<string, (string | null)[]>;
}

/** Treatments per page of a speciality page's list, unless the presentation says otherwise. */
export const defaultListPageSize = 24;

/** What the index and the lists are made of: a treatment's slug, name and names in other languages. */
export type Listed = Pick<SubDepartment, "slug" | "name"> & {
  /** Its name in each language it has one in, by language code. */
  names?: Record<string, string>;
};

/**
 * The order the site publishes a collection's treatments in, however it is stored: by slug. (One
 * file keeps the order its editors gave it, a folder only has names; the published data and the
 * sitemap must not change when a collection is split or joined.)
 */
export const bySlug = (a: { slug: string }, b: { slug: string }) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

/** The order of a speciality page's list: by name as people read it, then by slug. */
export const byName = (a: Listed, b: Listed) => a.name.localeCompare(b.name, "en") || bySlug(a, b);

/** The index of a collection's treatments. */
export function treatmentIndex(collection: Pick<TreatmentCollection, "speciality" | "location">, items: Listed[]) {
  const sorted = [...items].sort(bySlug);
  const index: TreatmentIndex = {
    speciality: collection.speciality,
    location: collection.location,
    slugs: sorted.map((i) => i.slug),
    names: sorted.map((i) => i.name),
  };
  return index;
}

/** How many pages a list of `total` treatments takes (at least one, which may be empty). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** Every page of the list, sorted by name. */
export function listPages(items: Listed[], size: number): TreatmentListPage[] {
  const sorted = [...items].sort(byName);
  const pages = pageCount(sorted.length, size);
  return Array.from({ length: pages }, (_, i) => {
    const slice = sorted.slice(i * size, (i + 1) * size);
    const page: TreatmentListPage = {
      page: i + 1,
      pages,
      size,
      total: sorted.length,
      slugs: slice.map((s) => s.slug),
      names: slice.map((s) => s.name),
    };
    const languages = [...new Set(slice.flatMap((s) => Object.keys(s.names ?? {})))].sort();
    if (languages.length > 0)
      page.translatedNames = Object.fromEntries(
        languages.map((lang) => [lang, slice.map((s) => s.names?.[lang] ?? null)]),
      );
    return page;
  });
}

/** The data file of one treatment page: its collection cut down to that treatment. */
export function treatmentData(
  collection: Pick<TreatmentCollection, "speciality" | "location">,
  item: SubDepartment,
): TreatmentCollection {
  const { $schema: _schema, ...rest } = item;
  return { speciality: collection.speciality, location: collection.location, sub_departments: [rest] };
}

/**
 * A treatment's data file as published: its collection cut down to it and, when it has
 * translations, the languages they are in (sorted), as a last field. Its own type: the generated
 * TreatmentCollection allows no field the spec's file does not have.
 */
export type TreatmentData = TreatmentCollection & { translated?: string[] };

/** One treatment's texts in one language (`assets/data/{lang}/{stem}/{slug}.json`). */
export interface TreatmentTranslationData {
  strings: Record<string, string>;
}

/** The text of a treatment's data file, with its translations' languages when it has any. */
export function treatmentDataJson(
  collection: Pick<TreatmentCollection, "speciality" | "location">,
  item: SubDepartment,
  translated: readonly string[] = [],
): string {
  return withTranslatedField(JSON.stringify(treatmentData(collection, item)), translated);
}

/**
 * A treatment data file's text from its collection cut down to it (`JSON.stringify(treatmentData(…))`)
 * and the languages of its translations: the `translated` field, last, when it has any.
 */
export function withTranslatedField(dataJson: string, translated: readonly string[]): string {
  return translated.length > 0
    ? `${dataJson.slice(0, -1)},"translated":${JSON.stringify([...translated].sort())}}`
    : dataJson;
}

/** The languages-of-translations field at the end of a treatment data file's text, if it has one. */
const translatedField = /,"translated":\[(?:"[a-zA-Z-]+"(?:,"[a-zA-Z-]+")*)?\]\}$/;

/**
 * A treatment data file's text without its `translated` field: the spec's shape, as the whole
 * collection file holds each treatment.
 */
export const withoutTranslated = (text: string) => text.replace(translatedField, "}");

/** A built-in copy's module text: the data as its default export. */
export const builtInModule = (json: string) => `export default JSON.parse(${JSON.stringify(json)});\n`;
