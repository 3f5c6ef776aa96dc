/**
 * The route table, built from config: every page of site-config/pages/ (a ':slug' page serves
 * each of its entries), every collection's treatment route, the empty path showing the home page,
 * and any other path going to /home. Only routes are known up front: a page's content and code
 * load with it (see route-data.ts).
 */

import { use } from "react";
import { Navigate, type RouteObject, useLocation, useParams } from "react-router-dom";
import type { Page } from "../../shared/generated/page";
import { type PageRef, pageRefs } from "../config/pages";
import { loadEntries } from "../entries/entries";
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
function ConfigPage({ pageRef }: { pageRef: PageRef }) {
  const { slug, page: pageText } = useParams();
  const page = use(loadPageRoute(pageRef.file));
  const listPage = pageParam(pageText);
  if (listPage === undefined || (listPage > 1 && !page.blocks.some((b) => pagedBlockTypes.has(b.type))))
    return <Navigate to="/home" replace />;
  let view = <PageView page={page} file={pageRef.file} />;
  if (page.each) {
    const entry = use(loadEntries(page.each)).find((e) => e.entry.slug === slug);
    if (!entry) return <Navigate to="/home" replace />;
    view = <PageView page={page} file={pageRef.file} entry={entry} />;
  }
  return <ListingPageContext.Provider value={listPage}>{view}</ListingPageContext.Provider>;
}

function TreatmentRoute({ file }: { file: string }) {
  const { TreatmentPage, presentation } = use(loadTreatmentRoute(file));
  return <TreatmentPage presentation={presentation} file={file} />;
}

/** Any other address goes to /home (the spec); the prerenderer refuses to render one. */
function ToHome() {
  const { pathname } = useLocation();
  if (import.meta.env.SSR)
    throw new Error(`${pathname} is not a page of the route table (it redirects to /home); it cannot be prerendered.`);
  return <Navigate to="/home" replace />;
}

function pageRoute(pageRef: PageRef, index = false, listPages = false): RouteObject {
  const handle: RouteHandle = { preload: () => loadPageRoute(pageRef.file) };
  const element = <ConfigPage pageRef={pageRef} />;
  if (index) return { index: true, element, handle };
  return { path: listPages ? `${pageRef.route}/page/:page` : pageRef.route, element, handle };
}

function treatmentRoutes(): RouteObject[] {
  return Object.entries(presentationMeta).map(([module, { route }]) => {
    const file = `site-config/collections/${module.slice(module.lastIndexOf("/") + 1)}`;
    const handle: RouteHandle = { preload: () => loadTreatmentRoute(file) };
    return { path: route, element: <TreatmentRoute file={file} />, handle };
  });
}

/** The whole route table. */
export function buildRoutes(): RouteObject[] {
  const home = pageRefs.find((p) => p.route === "/home");
  const children: RouteObject[] = [
    ...(home ? [pageRoute(home, true)] : []),
    ...pageRefs.map((ref) => pageRoute(ref)),
    // The further pages of a page's list: /blogs/page/2, /specialities/cardiology/page/2.
    ...pageRefs.map((ref) => pageRoute(ref, false, true)),
    ...treatmentRoutes(),
    { path: "*", element: <ToHome /> },
  ];
  return [{ path: "/", element: <Root />, children }];
}
