/**
 * Every page the build prerenders, with what its <head> says: title, description, canonical,
 * Open Graph and JSON-LD, its language and the same page in the other languages. Built from the
 * same config the router uses, so a page added to config (a page file, a branch, a treatment, a
 * language) is prerendered with no code change. The default language's pages keep their
 * addresses; another language's are the same pages under its code (/te/home).
 */

import type { Block } from "../../shared/generated/blocks/block";
import type { TreatmentCollection } from "../../shared/generated/collection";
import type { Page } from "../../shared/generated/page";
import { translateDocument } from "../../shared/i18n/keys";
import {
  branches,
  breadcrumbs,
  canonicalFor,
  defaultLanguage,
  type Entry,
  entriesOf,
  fillName,
  type HydrationPayload,
  hasTranslation,
  hospital,
  languages,
  layoutConfig,
  loadAllPages,
  loadPageRoute,
  organization,
  pathIn,
  presentations,
  site,
  stringsOf,
  translateTreatment,
  treatmentPage,
  treatmentStrings,
  webPage,
} from "../../site";
import type { CardSpec, ShareImage, ShareSource } from "../social/card-spec";

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

function pageTrail(path: string, title: string, lang: string) {
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

/** The translation modules a page in `lang` loads with its own: the layout's, and `files`' (paths under site-config/). */
function translationModules(lang: string, files: string[]): string[] {
  if (lang === defaultLanguage) return [];
  const layout = [
    "site.json",
    "navigation.json",
    "footer.json",
    "branches.json",
    "specialities.json",
    "interface.json",
  ];
  return [...layout, ...files]
    .filter((file) => hasTranslation(file, lang))
    .map((file) => `site-config/i18n/${lang}/${file}`);
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

async function pageInfo(
  { file, page: english }: { file: string; page: Page },
  englishEntry: Entry | null,
  collections: Record<string, TreatmentCollection>,
  lang: string,
): Promise<PageInfo> {
  const { page } = await loadPageRoute(file, lang);
  const entry = await entryIn(englishEntry, lang);
  const englishPath = englishEntry ? english.route.replace(":slug", englishEntry.entry.slug) : english.route;
  const path = pathIn(englishPath, lang);
  const title = fillName(page.meta.title, entry, lang);
  const canonical = canonicalFor(path);
  const structuredData: object[] = [
    organization(),
    webPage(title, canonical, lang),
    breadcrumbs(pageTrail(englishPath, title, lang)),
  ];
  if (entry?.kind === "branches") structuredData.push(hospital(entry.entry, canonical));
  const relative = file.replace(/^site-config\//, "");
  const info: PageInfo = {
    path,
    lang,
    alternates: alternatesOf(englishPath),
    route: pathIn(page.route, lang),
    title,
    description: fillName(page.meta.description, entry, lang),
    canonical,
    structuredData,
    // The English page's card: the card's font draws Latin letters only.
    share: shareOf(
      english.meta.image ? { image: english.meta.image } : undefined,
      fillName(english.meta.title, englishEntry),
      englishEntry ? entryKickers[englishEntry.kind](englishEntry) : undefined,
    ),
    modules: [
      appModule,
      file,
      ...blockModules(page.blocks),
      ...(entry?.kind === "posts" ? ["src/site/config/content.ts"] : []),
      ...translationModules(lang, [relative]),
    ],
  };
  const collectionId = entry?.kind === "specialities" ? entry.entry.treatments : undefined;
  const dataFile = collectionId ? presentations[collectionId]?.dataFile : undefined;
  if (dataFile && collections[dataFile]) info.hydration = { file: dataFile, data: listing(collections[dataFile]) };
  return info;
}

async function treatmentInfos(collections: Record<string, TreatmentCollection>, lang: string): Promise<PageInfo[]> {
  const config = await layoutConfig(lang);
  const perCollection = await Promise.all(
    Object.entries(presentations).map(async ([, presentation]) => {
      const data = collections[presentation.dataFile];
      if (!data) return [];
      const presentationFile = `site-config/collections/${presentation.id}.presentation.json`;
      const strings = await treatmentStrings(presentationFile, presentation.dataFile, lang);
      const speciality = config.specialities.find((s) => s.treatments === presentation.id);
      const file = presentation.dataFile;
      return data.sub_departments.map((english): PageInfo => {
        const item = translateTreatment(english, presentation, strings).subDepartment;
        const englishPath = presentation.route.replace(":slug", english.slug);
        const path = pathIn(englishPath, lang);
        const canonical = canonicalIn(english.canonical_url, lang);
        const trail = [
          home,
          { name: "Specialities", path: "/specialities" },
          ...(speciality ? [{ name: speciality.name, path: `/specialities/${speciality.slug}` }] : []),
          { name: item.name, path: englishPath },
        ].map((step) => ({ ...step, path: pathIn(step.path, lang) }));
        return {
          path,
          lang,
          alternates: alternatesOf(englishPath),
          route: pathIn(presentation.route, lang),
          title: item.meta_title,
          description: item.meta_description,
          canonical,
          structuredData: [
            organization(),
            breadcrumbs(trail),
            ...treatmentPage(item, data.speciality, lang, canonical),
          ],
          // The English treatment: the page translates it with the translations it loads.
          hydration: { file, data: { ...data, sub_departments: [english] } },
          // The English page's card: the card's font draws Latin letters only.
          share: shareOf(
            english.share_image ? { image: english.share_image } : undefined,
            english.content.h1 ?? english.name,
            data.speciality,
          ),
          modules: [
            appModule,
            "src/site/routes/TreatmentPage.tsx",
            ...blockModules(presentation.template),
            ...translationModules(lang, [`collections/${file}`, presentationFile.replace(/^site-config\//, "")]),
          ],
        };
      });
    }),
  );
  return perCollection.flat();
}

/** One language's pages: config pages ('each' pages per entry) and every treatment. */
async function pagesIn(collections: Record<string, TreatmentCollection>, lang: string): Promise<PageInfo[]> {
  const pages = await loadAllPages();
  const perPage = await Promise.all(
    pages.map(async (entry) => {
      if (!entry.page.each) return [await pageInfo(entry, null, collections, lang)];
      const entries = await entriesOf(entry.page);
      return Promise.all(entries.map((each) => pageInfo(entry, each, collections, lang)));
    }),
  );
  const fromPages = perPage.flat();
  const homePath = pathIn("/home", lang);
  const homePage = fromPages.find((p) => p.path === homePath);
  const root = pathIn("/", lang);
  return [
    ...(homePage ? [{ ...homePage, path: root }] : []),
    ...fromPages,
    ...(await treatmentInfos(collections, lang)),
  ];
}

/** Every page to prerender, in every language, the default language's first. */
export async function listPages(collections: Record<string, TreatmentCollection>): Promise<PageInfo[]> {
  const perLanguage = await Promise.all(languages.map((l) => pagesIn(collections, l.code)));
  return perLanguage.flat();
}

/** Facts the page template needs besides the per-page head. */
export const siteFacts = { name: site.name, canonicalBase: site.canonicalBase, logo: site.logo.src, branches };
