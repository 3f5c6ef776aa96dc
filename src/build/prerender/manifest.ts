/**
 * Every page's head, as the build prerenders it: title, description, canonical, the same page in
 * the other languages (hreflang), Open Graph and JSON-LD, the data it hydrates with, and what its
 * link preview is made from. Built from the same config the router uses, so a page added to
 * config (a page file, a branch, a treatment) is prerendered with no code change.
 *
 * Its neighbours: page-list.ts lists the pages (and what each is made of) before any content is
 * read, page-modules.ts names the modules a page loads, share-source.ts its link preview's source,
 * page-reviewer.ts who reviewed its medical content, page-hydration.ts the data it hydrates with.
 *
 * Each page exists in every language of site.json: the default language's at its address, another
 * language's under its code (/te/home), with its language, the same page in the others (hreflang)
 * and a canonical address of its own.
 */
import { dataPaths, type TreatmentListPage, treatmentData } from "../../shared/collections/data-files";
import type { SubDepartment } from "../../shared/generated/collection";
import type { Page } from "../../shared/generated/page";
import { translateDocument } from "../../shared/i18n/keys";
import type { ShareImage, ShareSource } from "../../shared/social/card-spec";
import {
  branches,
  breadcrumbs,
  canonicalFor,
  defaultLanguage,
  type Entry,
  entriesOf,
  fillName,
  type HydrationPayload,
  hospital,
  languages,
  layoutConfig,
  listPageTitle,
  loadAllPages,
  loadPageRoute,
  organization,
  pathIn,
  prerenderWordsIn,
  presentationStrings,
  presentations,
  site,
  stringsOf,
  translateTreatment,
  treatmentPage,
  webPage,
} from "../../site";
import { englishHydration, hydrationText, listingIn, treatmentDataText } from "./page-hydration";
import { type Catalog, listedCollection, type PageSpec } from "./page-list";
import { appModule, blockModules, translationModules } from "./page-modules";
import { carriedReviewer, entryReviewer, medicalPageOf, reviewerOf } from "./page-reviewer";
import { serialiseHydrationWith } from "./script-json";
import { entryKicker, shareOf } from "./share-source";

export {
  type Catalog,
  type CatalogCollection,
  catalogListPages,
  listPages,
  type PageSpec,
} from "./page-list";

/** The same page in a language, for `<link rel="alternate" hreflang>` and the sitemap. */
export interface Alternate {
  /** A language code, or 'x-default' (the default language's page). */
  hreflang: string;
  href: string;
}

/** One prerendered page. */
export interface PageInfo {
  path: string;
  /** The page's language: its <html lang> and JSON-LD inLanguage. */
  lang: string;
  /** The page in every language, and x-default. */
  alternates: Alternate[];
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

/** The trail's first step, named by the interface words' `breadcrumbs.home` in `lang`. */
const homeIn = async (lang: string) => ({ name: (await prerenderWordsIn(lang)).breadcrumbs.home, path: "/home" });

async function pageTrail(path: string, title: string, lang: string) {
  const home = await homeIn(lang);
  const trail = path === "/home" ? [home] : [home, { name: title, path }];
  return trail.map((step) => ({ ...step, path: pathIn(step.path, lang) }));
}

/** The page at `path` (as the default language has it) in every language, and x-default. */
function alternatesOf(path: string): Alternate[] {
  return [
    ...languages.map((l) => ({ hreflang: l.code, href: canonicalFor(pathIn(path, l.code)) })),
    { hreflang: "x-default", href: canonicalFor(path) },
  ];
}

/** A canonical address on this site in `lang` (a treatment's canonical_url names its English page). */
function canonicalIn(url: string, lang: string): string {
  if (lang === defaultLanguage || !url.startsWith(`${site.canonicalBase}/`)) return url;
  return canonicalFor(pathIn(url.slice(site.canonicalBase.length), lang));
}

/** A branch or speciality entry as the layout has it in `lang` (names, summaries), a post as translated. */
async function entryIn(entry: Entry | null, lang: string): Promise<Entry | null> {
  if (!entry || lang === defaultLanguage) return entry;
  const config = await layoutConfig(lang);
  if (entry.kind === "branches")
    return { kind: "branches", entry: config.branches.find((b) => b.slug === entry.entry.slug) ?? entry.entry };
  if (entry.kind === "specialities")
    return { kind: "specialities", entry: config.specialities.find((s) => s.slug === entry.entry.slug) ?? entry.entry };
  const strings = await stringsOf("blog-posts.json", lang);
  return { kind: "posts", entry: translateDocument({ posts: [entry.entry] }, strings).doc.posts[0] };
}

/** What rendering a page needs besides its spec: a treatment's content. */
export interface PageSources {
  catalog: Catalog;
  /** The treatment `slug` of a collection, read when its page is rendered. */
  item: (dataFile: string, slug: string) => SubDepartment;
  /** The treatment's texts in `lang`, keyed from the treatment (none when it has no translation into it). */
  translation: (lang: string, dataFile: string, slug: string) => Record<string, string>;
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
  const english = await pageOf(spec.file);
  const englishEntry = spec.entry
    ? ((await entriesOf(english)).find((e) => e.entry.slug === spec.entry) ?? null)
    : null;
  const { lang } = spec;
  const { page } = await loadPageRoute(spec.file, lang);
  const entry = await entryIn(englishEntry, lang);
  const { ui } = await layoutConfig(lang);
  const title = listPageTitle(fillName(page.meta.title, entry, lang), spec.listPage, ui.layout.listPage, lang);
  const canonical = canonicalFor(spec.path);
  const reviewer = await entryReviewer(englishEntry, lang);
  const structuredData: object[] = [
    organization(),
    webPage(title, canonical, lang, medicalPageOf(englishEntry, reviewer, lang)),
    breadcrumbs(await pageTrail(spec.english === "/" ? "/home" : spec.english, title, lang)),
  ];
  if (entry?.kind === "branches") structuredData.push(hospital(entry.entry, canonical));
  const englishTitle = listPageTitle(
    fillName(english.meta.title, englishEntry),
    spec.listPage,
    (await layoutConfig(defaultLanguage)).ui.layout.listPage,
    defaultLanguage,
  );
  const info: PageInfo = {
    path: spec.path,
    lang,
    alternates: alternatesOf(spec.english),
    route: spec.route,
    title,
    description: fillName(page.meta.description, entry, lang),
    canonical,
    structuredData,
    // A translated page's card in its language (src/shared/social/script-text.ts draws its script).
    share: await shareOf(
      english.meta.image ? { image: english.meta.image } : undefined,
      lang === defaultLanguage ? englishTitle : title,
      entry ? await entryKicker(entry, lang) : undefined,
      lang,
    ),
    modules: [
      appModule,
      spec.file,
      ...blockModules(page.blocks),
      ...(entry?.kind === "posts" ? ["src/site/config/blog-posts.ts"] : []),
      ...translationModules(lang, [spec.file.replace(/^site-config\//, "")]),
    ],
  };
  const presentation = listedCollection(entry);
  const listing = presentation ? sources.lists[presentation.dataFile]?.[spec.listPage - 1] : undefined;
  if (presentation && listing)
    info.hydration = { listing: { file: presentation.dataFile, data: listingIn(listing, lang) } };
  if (reviewer) info.hydration = { ...info.hydration, reviewer };
  return info;
}

async function treatmentInfo(spec: Extract<PageSpec, { kind: "treatment" }>, sources: PageSources): Promise<PageInfo> {
  const presentation = Object.values(presentations).find((p) => p.dataFile === spec.dataFile);
  if (!presentation) throw new Error(`No presentation names ${spec.dataFile}.`);
  const { lang } = spec;
  const collection = sources.catalog[spec.dataFile];
  const english = sources.item(spec.dataFile, spec.slug);
  const presentationFile = `site-config/collections/${presentation.id}.presentation.json`;
  const own = lang === defaultLanguage ? {} : sources.translation(lang, spec.dataFile, spec.slug);
  const strings =
    lang === defaultLanguage
      ? undefined
      : { data: own, presentation: await presentationStrings(presentationFile, lang) };
  const item = translateTreatment(english, presentation, strings).subDepartment;
  const reviewer = await carriedReviewer(item.review, "treatments", lang);
  const config = await layoutConfig(lang);
  const speciality = config.specialities.find((s) => s.treatments === presentation.id);
  const canonical = canonicalIn(english.canonical_url, lang);
  const words = await prerenderWordsIn(lang);
  const englishTitle = english.content.h1 ?? english.name;
  const cardTitle = item.content.h1 ?? item.name;
  const headingTranslated = lang !== defaultLanguage && cardTitle !== englishTitle;
  const trail = [
    { name: words.breadcrumbs.home, path: "/home" },
    { name: words.breadcrumbs.specialities, path: "/specialities" },
    ...(speciality ? [{ name: speciality.name, path: `/specialities/${speciality.slug}` }] : []),
    { name: item.name, path: spec.english },
  ].map((step) => ({ ...step, path: pathIn(step.path, lang) }));
  // The English treatment and, in another language, its texts in it: the page translates it
  // with them, hydrating with no request.
  const hydration =
    Object.keys(own).length > 0
      ? {
          treatment: {
            file: spec.dataFile,
            data: treatmentData(collection, english),
            translation: { lang, strings: own },
          },
          ...(reviewer && { reviewer }),
        }
      : englishHydration(spec.dataFile, collection, english, reviewer);
  serialiseHydrationWith(hydration, () => hydrationText(hydration, treatmentDataText(collection, english)));
  return {
    path: spec.path,
    lang,
    alternates: alternatesOf(spec.english),
    route: spec.route,
    title: item.meta_title,
    description: item.meta_description,
    canonical,
    structuredData: [
      organization(),
      breadcrumbs(trail),
      ...treatmentPage(item, collection.speciality, lang, canonical, reviewerOf(reviewer, lang)),
    ],
    hydration,
    // A translated treatment's card in its language: its heading, its speciality's name. One whose
    // heading is not translated shares the English page's card: a card costs tens of milliseconds
    // of CPU to draw, and a card per language for every treatment would triple a large site's
    // first build (10,000 treatments: 20,000 more cards) for cards that differ only in small print.
    share: await shareOf(
      english.share_image ? { image: english.share_image } : undefined,
      headingTranslated ? cardTitle : englishTitle,
      headingTranslated ? (speciality?.name ?? collection.speciality) : collection.speciality,
      headingTranslated ? lang : defaultLanguage,
    ),
    modules: [
      appModule,
      "src/site/routes/TreatmentPage.tsx",
      ...blockModules(presentation.template),
      // The presentation's translation; the treatment's own texts are in the page (hydration).
      ...translationModules(lang, [presentationFile.replace(/^site-config\//, "")]),
    ],
  };
}

/** The data file a treatment page fetches on a client-side visit (for tests and the bench). */
export const treatmentDataPath = dataPaths.treatment;

/** Facts the page template needs besides the per-page head. */
export const siteFacts = {
  name: site.name,
  canonicalBase: site.canonicalBase,
  logo: site.logo.src,
  branches,
  languages,
  /** Whether each collection is published as one data file too (site.json's wholeCollectionFiles). */
  wholeCollectionFiles: site.wholeCollectionFiles === true,
};
