/**
 * The route table, built from config: every page of site-config/pages/ (a ':slug' page serves
 * each of its entries), every collection's treatment route, the empty path showing the home page,
 * and any other path going to /home. Only routes are known up front: a page's content and code
 * load with it (see route-data.ts).
 *
 * Each language has the whole table: the default language's at the routes as they are, another's
 * under its code ('/te/home', '/te' for the home page), with its own root, which gives the
 * layout's config in that language to everything below it.
 */

import { use } from "react";
import type { Page } from "../../shared/generated/page";
import { type PageRef, pageRefs } from "../config/pages";
import { loadEntries } from "../entries/entries";
import type { Entry } from "../entries/entry-context";
import { useLayoutConfig, useLocalPath } from "../i18n/context";
import { defaultLanguage, languages, pathIn } from "../i18n/languages";
import { type LayoutConfig, layoutConfig } from "../i18n/layout-config";
import { Navigate, type RouteObject, useLocation, useParams } from "../router/router";
import { ListingPageContext, pagedBlockTypes, pageParam } from "../ui/pagination";
import { PageView } from "./PageView";
import { Root } from "./Root";
import { loadPageRoute, loadTreatmentRoute } from "./route-data";
import type { RouteHandle } from "./route-handle";

const presentationMeta = import.meta.glob<Pick<Page, "route">>("../../../site-config/collections/*.presentation.json", {
  eager: true,
  import: "default",
  query: "?meta",
});

/**
 * A page of site-config/pages/, with the entry its ':slug' names and the list page its '/page/:page'
 * names (an unknown entry, or a list page of a page that shows no list, goes to /home).
 */
function ConfigPage({ pageRef, lang }: { pageRef: PageRef; lang: string }) {
  const { slug, page: pageText } = useParams();
  const home = useLocalPath()("/home");
  const config = useLayoutConfig();
  const { page, english } = use(loadPageRoute(pageRef.file, lang));
  const listPage = pageParam(pageText);
  if (listPage === undefined || (listPage > 1 && !page.blocks.some((b) => pagedBlockTypes.has(b.type))))
    return <Navigate to={home} replace />;
  let view = <PageView page={page} file={pageRef.file} english={english} />;
  if (page.each) {
    const found = use(loadEntries(page.each)).find((e) => e.entry.slug === slug);
    if (!found) return <Navigate to={home} replace />;
    view = <PageView page={page} file={pageRef.file} entry={inLanguage(found, config)} english={english} />;
  }
  return <ListingPageContext.Provider value={listPage}>{view}</ListingPageContext.Provider>;
}

/** A branch or speciality as the layout's config has it in the page's language (names, summaries). */
function inLanguage(entry: Entry, config: LayoutConfig): Entry {
  if (entry.kind === "branches")
    return { kind: "branches", entry: config.branches.find((b) => b.slug === entry.entry.slug) ?? entry.entry };
  if (entry.kind === "specialities")
    return { kind: "specialities", entry: config.specialities.find((s) => s.slug === entry.entry.slug) ?? entry.entry };
  return entry;
}

function TreatmentRoute({ file, lang }: { file: string; lang: string }) {
  const { TreatmentPage, presentation } = use(loadTreatmentRoute(file, lang));
  return <TreatmentPage presentation={presentation} file={file} />;
}

/** Any other address goes to /home (the spec); the prerenderer refuses to render one. */
function ToHome() {
  const { pathname } = useLocation();
  const home = useLocalPath()("/home");
  if (import.meta.env.SSR)
    throw new Error(`${pathname} is not a page of the route table (it redirects to /home); it cannot be prerendered.`);
  return <Navigate to={home} replace />;
}

function pageRoute(pageRef: PageRef, lang: string, index = false, listPages = false): RouteObject {
  const handle: RouteHandle = { preload: () => loadPageRoute(pageRef.file, lang) };
  const element = <ConfigPage pageRef={pageRef} lang={lang} />;
  if (index) return { index: true, element, handle };
  const route = pathIn(pageRef.route, lang);
  return { path: listPages ? `${route}/page/:page` : route, element, handle };
}

function treatmentRoutes(lang: string): RouteObject[] {
  return Object.entries(presentationMeta).map(([module, { route }]) => {
    const file = `site-config/collections/${module.slice(module.lastIndexOf("/") + 1)}`;
    const handle: RouteHandle = { preload: () => loadTreatmentRoute(file, lang) };
    return { path: pathIn(route, lang), element: <TreatmentRoute file={file} lang={lang} />, handle };
  });
}

/** One language's table, under its root. */
function languageRoutes(lang: string): RouteObject {
  const home = pageRefs.find((p) => p.route === "/home");
  const children: RouteObject[] = [
    ...(home ? [pageRoute(home, lang, true)] : []),
    ...pageRefs.map((ref) => pageRoute(ref, lang)),
    // The further pages of a page's list: /blogs/page/2, /te/specialities/cardiology/page/2.
    ...pageRefs.map((ref) => pageRoute(ref, lang, false, true)),
    ...treatmentRoutes(lang),
    { path: "*", element: <ToHome /> },
  ];
  const handle: RouteHandle = { preload: () => layoutConfig(lang) };
  return { path: pathIn("/", lang), element: <Root lang={lang} />, children, handle };
}

/** The whole route table: every language's, the default language's last (its root is '/'). */
export function buildRoutes(): RouteObject[] {
  const others = languages.filter((l) => l.code !== defaultLanguage).map((l) => languageRoutes(l.code));
  return [...others, languageRoutes(defaultLanguage)];
}
