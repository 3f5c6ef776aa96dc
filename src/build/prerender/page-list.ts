import {
  defaultListPageSize,
  type Listed,
  listPages as listPagesOf,
  type TreatmentListPage,
} from "../../shared/collections/data-files";
import type { Page } from "../../shared/generated/page";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import { defaultLanguage, type Entry, entriesOf, languages, loadAllPages, pathIn, presentations } from "../../site";
import type { DepKey } from "../keys";

/** What the build knows of a collection without reading its treatments: their slugs and names. */
export interface CatalogCollection {
  speciality: string;
  location: string;
  /** Each treatment, with its names in other languages where it has them (for the list pages). */
  items: Listed[];
}

/** The collections by data file. */
export type Catalog = Record<string, CatalogCollection>;

/**
 * A page to prerender, before its content is read. `deps` names what it is made of besides the
 * code and the config bundled with it (keys.ts): a config page its file and the treatments its
 * list page shows; a treatment page its treatment and its collection's settings, and in another
 * language than the default the treatment's texts in it.
 */
export type PageSpec = (
  | {
      kind: "page";
      path: string;
      route: string;
      file: string;
      entry?: string;
      listPage: number;
      deps: DepKey[];
    }
  | { kind: "treatment"; path: string; route: string; dataFile: string; slug: string; deps: DepKey[] }
) & {
  /** The page's language. */
  lang: string;
  /** Its path in the default language (the same page's address there). */
  english: string;
};

/** A spec in `lang`: its address under the language's code; a treatment's page depends on its texts in it. */
export const specIn = (spec: PageSpec, lang: string): PageSpec => ({
  ...spec,
  path: pathIn(spec.path, lang),
  route: pathIn(spec.route, lang),
  lang,
  english: spec.path,
  deps:
    spec.kind === "treatment"
      ? [...spec.deps, { kind: "translation", lang, dataFile: spec.dataFile, slug: spec.slug }]
      : // A list page's treatments' names in the language (the planner hashes them apart).
        spec.deps.map((dep) => (dep.kind === "list" ? { ...dep, lang } : dep)),
});

export const listSize = (p: CollectionPresentation) => p.listPageSize ?? defaultListPageSize;

/** The collection a speciality page lists, if any. */
export function listedCollection(entry: Entry | null): CollectionPresentation | undefined {
  const id = entry?.kind === "specialities" ? entry.entry.treatments : undefined;
  return id ? presentations[id] : undefined;
}

/** How many list pages a page has: those of the collection its speciality-details block lists. */
function listPageCount(page: Page, entry: Entry | null, catalog: Catalog): number {
  if (!page.blocks.some((b) => b.type === "speciality-details")) return 1;
  const presentation = listedCollection(entry);
  const items = presentation ? catalog[presentation.dataFile]?.items : undefined;
  return items ? Math.max(1, Math.ceil(items.length / listSize(presentation as CollectionPresentation))) : 1;
}

/** The pages of one page file (once per entry for an 'each' page, once per page of its list). */
function pageSpecs(file: string, page: Page, entries: Entry[], catalog: Catalog): PageSpec[] {
  const made = page.each ? entries : [null];
  return made.flatMap((entry) => {
    const path = entry ? page.route.replace(":slug", entry.entry.slug) : page.route;
    const presentation = listedCollection(entry);
    const listed = presentation && catalog[presentation.dataFile] ? presentation.dataFile : undefined;
    return Array.from({ length: listPageCount(page, entry, catalog) }, (_, i): PageSpec => {
      const listPage = i + 1;
      const pagePath = listPage > 1 ? `${path}/page/${listPage}` : path;
      return {
        kind: "page",
        path: pagePath,
        route: listPage > 1 ? `${page.route}/page/:page` : page.route,
        file,
        entry: entry?.entry.slug,
        listPage,
        deps: [
          { kind: "page-file", file },
          ...(listed ? [{ kind: "list", dataFile: listed, page: listPage } as const] : []),
        ],
        lang: defaultLanguage,
        english: pagePath,
      };
    });
  });
}

/**
 * Every page to prerender, in every language (the default language's first): config pages ('each'
 * pages per entry, lists per page) and every treatment.
 */
export async function listPages(catalog: Catalog): Promise<PageSpec[]> {
  const english = await englishPages(catalog);
  return languages.flatMap((l) =>
    l.code === defaultLanguage
      ? english
      : english.map((spec) => (spec.path === "/" ? { ...specIn(spec, l.code), english: "/" } : specIn(spec, l.code))),
  );
}

/** The default language's pages. */
async function englishPages(catalog: Catalog): Promise<PageSpec[]> {
  const pages = await loadAllPages();
  const perPage = await Promise.all(
    pages.map(async ({ file, page }) => pageSpecs(file, page, await entriesOf(page), catalog)),
  );
  const fromPages = perPage.flat();
  const homePage = fromPages.find((p) => p.path === "/home");
  const treatments = Object.values(presentations).flatMap((presentation) => {
    const collection = catalog[presentation.dataFile];
    if (!collection) return [];
    const dataFile = presentation.dataFile;
    return collection.items.map(
      ({ slug }): PageSpec => ({
        kind: "treatment",
        path: presentation.route.replace(":slug", slug),
        route: presentation.route,
        dataFile,
        slug,
        deps: [
          { kind: "item", dataFile, slug },
          { kind: "settings", dataFile },
        ],
        lang: defaultLanguage,
        english: presentation.route.replace(":slug", slug),
      }),
    );
  });
  return [...(homePage ? [{ ...homePage, path: "/", english: "/" }] : []), ...fromPages, ...treatments];
}

/** The pages of the lists the catalog's collections make, by data file (what 'list' deps name). */
export function catalogListPages(catalog: Catalog): Record<string, TreatmentListPage[]> {
  return Object.fromEntries(
    Object.values(presentations)
      .filter((p) => catalog[p.dataFile])
      .map((p) => [p.dataFile, listPagesOf(catalog[p.dataFile].items, listSize(p))]),
  );
}
