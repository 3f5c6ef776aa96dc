/**
 * Every page the build prerenders, with what its <head> says: title, description, canonical,
 * Open Graph and JSON-LD. Built from the same config the router uses, so a page added to config
 * (a page file, a branch, a treatment) is prerendered with no code change.
 *
 * Pages are listed from a catalog of the collections (each treatment's slug and name), not from
 * the treatments themselves: a treatment's content is read only when its page is rendered, so the
 * build can list ten thousand pages without holding them, and say what each page is made of
 * (`deps`), which is what decides whether a page must be rendered again.
 */

import {
  dataPaths,
  defaultListPageSize,
  listPages as listPagesOf,
  type TreatmentListPage,
  treatmentData,
} from "../../shared/collections/data-files";
import type { Block } from "../../shared/generated/blocks/block";
import type { SubDepartment } from "../../shared/generated/collection";
import type { Page } from "../../shared/generated/page";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import {
  branches,
  breadcrumbs,
  canonicalFor,
  type Entry,
  entriesOf,
  fillName,
  type HydrationPayload,
  hospital,
  listPageTitle,
  loadAllPages,
  organization,
  presentations,
  site,
  specialities,
  treatmentPage,
} from "../../site";
import type { CardSpec, ShareImage, ShareSource } from "../social/card-spec";

/** One prerendered page. */
export interface PageInfo {
  path: string;
  /** The route-table pattern the path matches, such as '/specialities/cardiology/:slug'. */
  route: string;
  title: string;
  description: string;
  canonical: string;
  structuredData: object[];
  hydration?: HydrationPayload;
  /**
   * The source modules the page loads before it hydrates (the app, the page's content, its blocks'
   * code, the treatment page's code), as the build manifest names them: the document links their
   * styles, and lists their chunks for the entry to fetch side by side after the first paint.
   */
  modules: string[];
  /** The chunks and styles of `modules` (filled in by the prerenderer from the build manifest). */
  assets?: { scripts: string[]; styles: string[] };
  /** What the page's link preview image is made from: a card to draw, or an image its config names. */
  share?: ShareSource;
  /** That image as the head names it (filled in by the prerenderer once the card is drawn). */
  shareImage?: ShareImage;
}

/** What the build knows of a collection without reading its treatments: their slugs and names. */
export interface CatalogCollection {
  speciality: string;
  location: string;
  items: { slug: string; name: string }[];
}

/** The collections by data file. */
export type Catalog = Record<string, CatalogCollection>;

/**
 * A page to prerender, before its content is read. `deps` names what it is made of besides the
 * code and the config bundled with it: 'page:{file}', 'item:{data file}:{slug}',
 * 'settings:{data file}', 'list:{data file}:{page}'.
 */
export type PageSpec =
  | {
      kind: "page";
      path: string;
      route: string;
      file: string;
      entry?: string;
      listPage: number;
      deps: string[];
    }
  | { kind: "treatment"; path: string; route: string; dataFile: string; slug: string; deps: string[] };

/** A card with the site's brand, or the page's own image when its config names one. */
function shareOf(own: ShareSource | undefined, title: string, kicker?: string): ShareSource {
  if (own) return own;
  const card: CardSpec = {
    title,
    kicker,
    brand: site.name,
    logo: site.logo.src,
    host: new URL(site.canonicalBase).host,
  };
  return { card };
}

/** What kind of page an entry's page is, above its title on the card. */
const entryKickers: Record<Entry["kind"], (entry: Entry) => string | undefined> = {
  specialities: () => "Speciality",
  branches: (e) => ("city" in e.entry && typeof e.entry.city === "string" ? `Hospital in ${e.entry.city}` : "Hospital"),
  posts: () => "Health blog",
};

/** The app, which the page's entry loads after the first paint (src/site/main.tsx). */
const appModule = "src/site/start.tsx";

/**
 * The modules of a list's blocks. What a block's module loads before it renders (the doctor
 * search's panel and data) comes with it: see blockModule in assets.ts.
 */
function blockModules(blocks: readonly Block[]): string[] {
  return [...new Set(blocks.map((block) => `src/site/blocks/${block.type}/index.tsx`))];
}

const home = { name: "Home", path: "/home" };

function pageTrail(path: string, title: string) {
  return path === "/home" ? [home] : [home, { name: title, path }];
}

const listSize = (p: CollectionPresentation) => p.listPageSize ?? defaultListPageSize;

/** The collection a speciality page lists, if any. */
function listedCollection(entry: Entry | null): CollectionPresentation | undefined {
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
      return {
        kind: "page",
        path: listPage > 1 ? `${path}/page/${listPage}` : path,
        route: listPage > 1 ? `${page.route}/page/:page` : page.route,
        file,
        entry: entry?.entry.slug,
        listPage,
        deps: [`page:${file}`, ...(listed ? [`list:${listed}:${listPage}`] : [])],
      };
    });
  });
}

/** Every page to prerender: config pages ('each' pages per entry, lists per page) and every treatment. */
export async function listPages(catalog: Catalog): Promise<PageSpec[]> {
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
        deps: [`item:${dataFile}:${slug}`, `settings:${dataFile}`],
      }),
    );
  });
  return [...(homePage ? [{ ...homePage, path: "/" }] : []), ...fromPages, ...treatments];
}

/** The pages of the lists the catalog's collections make, by data file (what 'list:' deps name). */
export function catalogListPages(catalog: Catalog): Record<string, TreatmentListPage[]> {
  return Object.fromEntries(
    Object.values(presentations)
      .filter((p) => catalog[p.dataFile])
      .map((p) => [p.dataFile, listPagesOf(catalog[p.dataFile].items, listSize(p))]),
  );
}

/** What rendering a page needs besides its spec: a treatment's content. */
export interface PageSources {
  catalog: Catalog;
  /** The treatment `slug` of a collection, read when its page is rendered. */
  item: (dataFile: string, slug: string) => SubDepartment;
  /** The list pages of each collection (from catalogListPages). */
  lists: Record<string, TreatmentListPage[]>;
}

/** The full description of a page, read from its sources. */
export async function pageInfo(spec: PageSpec, sources: PageSources): Promise<PageInfo> {
  return spec.kind === "treatment" ? treatmentInfo(spec, sources) : configPageInfo(spec, sources);
}

const pagesByFile = new Map<string, Promise<Page>>();

async function pageOf(file: string): Promise<Page> {
  let page = pagesByFile.get(file);
  if (!page) {
    page = loadAllPages().then((all) => {
      const found = all.find((p) => p.file === file);
      if (!found) throw new Error(`There is no page file ${file}.`);
      return found.page;
    });
    pagesByFile.set(file, page);
  }
  return page;
}

async function configPageInfo(spec: Extract<PageSpec, { kind: "page" }>, sources: PageSources): Promise<PageInfo> {
  const page = await pageOf(spec.file);
  const entry = spec.entry ? ((await entriesOf(page)).find((e) => e.entry.slug === spec.entry) ?? null) : null;
  const title = listPageTitle(fillName(page.meta.title, entry), spec.listPage);
  const canonical = canonicalFor(spec.path);
  const structuredData: object[] = [organization(), breadcrumbs(pageTrail(spec.path, title))];
  if (entry?.kind === "branches") structuredData.push(hospital(entry.entry, canonical));
  const info: PageInfo = {
    path: spec.path,
    route: spec.route,
    title,
    description: fillName(page.meta.description, entry),
    canonical,
    structuredData,
    share: shareOf(
      page.meta.image ? { image: page.meta.image } : undefined,
      title,
      entry ? entryKickers[entry.kind](entry) : undefined,
    ),
    modules: [
      appModule,
      spec.file,
      ...blockModules(page.blocks),
      ...(entry?.kind === "posts" ? ["src/site/config/content.ts"] : []),
    ],
  };
  const presentation = listedCollection(entry);
  const listing = presentation ? sources.lists[presentation.dataFile]?.[spec.listPage - 1] : undefined;
  if (presentation && listing) info.hydration = { listing: { file: presentation.dataFile, data: listing } };
  return info;
}

function treatmentInfo(spec: Extract<PageSpec, { kind: "treatment" }>, sources: PageSources): PageInfo {
  const presentation = Object.values(presentations).find((p) => p.dataFile === spec.dataFile);
  if (!presentation) throw new Error(`No presentation names ${spec.dataFile}.`);
  const collection = sources.catalog[spec.dataFile];
  const item = sources.item(spec.dataFile, spec.slug);
  const speciality = specialities.find((s) => s.treatments === presentation.id);
  const trail = [
    home,
    { name: "Specialities", path: "/specialities" },
    ...(speciality ? [{ name: speciality.name, path: `/specialities/${speciality.slug}` }] : []),
    { name: item.name, path: spec.path },
  ];
  return {
    path: spec.path,
    route: spec.route,
    title: item.meta_title,
    description: item.meta_description,
    canonical: item.canonical_url,
    structuredData: [organization(), breadcrumbs(trail), ...treatmentPage(item, collection.speciality)],
    hydration: { treatment: { file: spec.dataFile, data: treatmentData(collection, item) } },
    share: shareOf(
      item.share_image ? { image: item.share_image } : undefined,
      item.content.h1 ?? item.name,
      collection.speciality,
    ),
    modules: [appModule, "src/site/routes/TreatmentPage.tsx", ...blockModules(presentation.template)],
  };
}

/** The data file a treatment page fetches on a client-side visit (for tests and the bench). */
export const treatmentDataPath = dataPaths.treatment;

/** Facts the page template needs besides the per-page head. */
export const siteFacts = { name: site.name, canonicalBase: site.canonicalBase, logo: site.logo.src, branches };
