/**
 * Every page the build prerenders, with what its <head> says: title, description, canonical,
 * Open Graph and JSON-LD. Built from the same config the router uses, so a page added to config
 * (a page file, a branch, a treatment) is prerendered with no code change.
 */

import type { Block } from "../../shared/generated/blocks/block";
import type { TreatmentCollection } from "../../shared/generated/collection";
import type { Page } from "../../shared/generated/page";
import {
  branches,
  breadcrumbs,
  canonicalFor,
  type Entry,
  entriesOf,
  fillName,
  type HydrationPayload,
  hospital,
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

/** A collection cut down to what a list of its treatments shows. */
function listing(data: TreatmentCollection): TreatmentCollection {
  return {
    speciality: data.speciality,
    location: data.location,
    sub_departments: data.sub_departments.map(({ slug, name, url, meta_title, meta_description, canonical_url }) => ({
      slug,
      name,
      url,
      meta_title,
      meta_description,
      canonical_url,
      content: {},
    })),
  };
}

function pageInfo(
  { file, page }: { file: string; page: Page },
  entry: Entry | null,
  collections: Record<string, TreatmentCollection>,
): PageInfo {
  const path = entry ? page.route.replace(":slug", entry.entry.slug) : page.route;
  const title = fillName(page.meta.title, entry);
  const canonical = canonicalFor(path);
  const structuredData: object[] = [organization(), breadcrumbs(pageTrail(path, title))];
  if (entry?.kind === "branches") structuredData.push(hospital(entry.entry, canonical));
  const info: PageInfo = {
    path,
    route: page.route,
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
      file,
      ...blockModules(page.blocks),
      ...(entry?.kind === "posts" ? ["src/site/config/content.ts"] : []),
    ],
  };
  const collectionId = entry?.kind === "specialities" ? entry.entry.treatments : undefined;
  const dataFile = collectionId ? presentations[collectionId]?.dataFile : undefined;
  if (dataFile && collections[dataFile]) info.hydration = { file: dataFile, data: listing(collections[dataFile]) };
  return info;
}

function treatmentInfos(collections: Record<string, TreatmentCollection>): PageInfo[] {
  return Object.values(presentations).flatMap((presentation) => {
    const data = collections[presentation.dataFile];
    if (!data) return [];
    const speciality = specialities.find((s) => s.treatments === presentation.id);
    const file = presentation.dataFile;
    return data.sub_departments.map((item) => {
      const path = presentation.route.replace(":slug", item.slug);
      const trail = [
        home,
        { name: "Specialities", path: "/specialities" },
        ...(speciality ? [{ name: speciality.name, path: `/specialities/${speciality.slug}` }] : []),
        { name: item.name, path },
      ];
      return {
        path,
        route: presentation.route,
        title: item.meta_title,
        description: item.meta_description,
        canonical: item.canonical_url,
        structuredData: [organization(), breadcrumbs(trail), ...treatmentPage(item, data.speciality)],
        hydration: { file, data: { ...data, sub_departments: [item] } },
        share: shareOf(
          item.share_image ? { image: item.share_image } : undefined,
          item.content.h1 ?? item.name,
          data.speciality,
        ),
        modules: [appModule, "src/site/routes/TreatmentPage.tsx", ...blockModules(presentation.template)],
      };
    });
  });
}

/** Every page to prerender: config pages ('each' pages per entry) and every treatment. */
export async function listPages(collections: Record<string, TreatmentCollection>): Promise<PageInfo[]> {
  const pages = await loadAllPages();
  const perPage = await Promise.all(
    pages.map(async (entry) => {
      if (!entry.page.each) return [pageInfo(entry, null, collections)];
      return (await entriesOf(entry.page)).map((each) => pageInfo(entry, each, collections));
    }),
  );
  const fromPages = perPage.flat();
  const homePage = fromPages.find((p) => p.path === "/home");
  return [...(homePage ? [{ ...homePage, path: "/" }] : []), ...fromPages, ...treatmentInfos(collections)];
}

/** Facts the page template needs besides the per-page head. */
export const siteFacts = { name: site.name, canonicalBase: site.canonicalBase, logo: site.logo.src, branches };
