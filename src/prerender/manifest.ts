/**
 * Every page the build prerenders, with what its <head> says: title, description, canonical,
 * Open Graph and JSON-LD. Built from the same config the router uses, so a page added to config
 * (a page file, a branch, a treatment) is prerendered with no code change.
 */
import { branches, pages, presentations, site, specialities } from "../config/site-config";
import type { TreatmentCollection } from "../generated/collection";
import type { Page } from "../generated/page";
import { type Entry, entriesOf, fillName } from "../routes/entry-context";
import { canonicalFor } from "../seo/head";
import { breadcrumbs, hospital, organization, treatmentPage } from "../seo/structured-data";

/**
 * The collection data a page needs to hydrate without waiting for the data file: the one
 * treatment of a treatment page, or the names and slugs a speciality page lists.
 */
export interface HydrationPayload {
  file: string;
  data: TreatmentCollection;
}

/** One prerendered page. */
export interface PageInfo {
  path: string;
  title: string;
  description: string;
  canonical: string;
  structuredData: object[];
  hydration?: HydrationPayload;
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

function pageInfo(page: Page, entry: Entry | null, collections: Record<string, TreatmentCollection>): PageInfo {
  const path = entry ? page.route.replace(":slug", entry.entry.slug) : page.route;
  const title = fillName(page.meta.title, entry);
  const canonical = canonicalFor(path);
  const structuredData: object[] = [organization(), breadcrumbs(pageTrail(path, title))];
  if (entry?.kind === "branches") structuredData.push(hospital(entry.entry, canonical));
  const info: PageInfo = {
    path,
    title,
    description: fillName(page.meta.description, entry),
    canonical,
    structuredData,
  };
  const collectionId = entry?.kind === "specialities" ? entry.entry.treatments : undefined;
  const file = collectionId ? presentations[collectionId]?.dataFile : undefined;
  if (file && collections[file]) info.hydration = { file, data: listing(collections[file]) };
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
        title: item.meta_title,
        description: item.meta_description,
        canonical: item.canonical_url,
        structuredData: [organization(), breadcrumbs(trail), ...treatmentPage(item, data.speciality)],
        hydration: { file, data: { ...data, sub_departments: [item] } },
      };
    });
  });
}

/** Every page to prerender: config pages ('each' pages per entry) and every treatment. */
export function listPages(collections: Record<string, TreatmentCollection>): PageInfo[] {
  const fromPages = pages.flatMap(({ page }) => {
    if (page.each) return entriesOf(page).map((entry) => pageInfo(page, entry, collections));
    return [pageInfo(page, null, collections)];
  });
  const homePage = fromPages.find((p) => p.path === "/home");
  return [...(homePage ? [{ ...homePage, path: "/" }] : []), ...fromPages, ...treatmentInfos(collections)];
}

/** Facts the page template needs besides the per-page head. */
export const siteFacts = { name: site.name, canonicalBase: site.canonicalBase, logo: site.logo.src, branches };
