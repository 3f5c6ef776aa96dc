/**
 * The route table, built from config: every page of site-config/pages/ ('each' pages expanded per
 * branch, speciality or blog post), every collection's treatment route, the empty path showing the
 * home page, and any other path going to /home.
 */
import { Navigate, type RouteObject } from "react-router-dom";
import { type PageEntry, pages, presentations } from "../config/site-config";
import { entriesOf } from "./entry-context";
import { PageView } from "./PageView";
import { registerPreload, resetPreloads } from "./preload";
import { Root } from "./Root";

/** Shown while a code-split route's code loads on a page the server did not prerender. */
function RouteLoading() {
  return (
    <div className="container page-loading" aria-busy="true">
      <p>Loading…</p>
    </div>
  );
}

/** Code-split route modules, loaded on navigation and preloaded when a link is hovered or focused. */
const lazyModules = {
  treatment: () => import("./TreatmentPage"),
  lazyPage: () => import("./LazyPage"),
};

function pageRoutes({ page, file }: PageEntry): RouteObject[] {
  if (page.each) {
    return entriesOf(page).map((entry) => ({
      path: page.route.replace(":slug", entry.entry.slug),
      element: <PageView page={page} file={file} entry={entry} />,
    }));
  }
  if (page.lazy) {
    registerPreload(page.route, lazyModules.lazyPage);
    return [
      {
        path: page.route,
        HydrateFallback: RouteLoading,
        lazy: async () => {
          const { LazyPage, preloadLazyPage } = await lazyModules.lazyPage();
          await preloadLazyPage();
          return { element: <LazyPage page={page} file={file} /> };
        },
      },
    ];
  }
  return [{ path: page.route, element: <PageView page={page} file={file} /> }];
}

function treatmentRoutes(): RouteObject[] {
  return Object.values(presentations).map((presentation) => {
    registerPreload(presentation.route, lazyModules.treatment);
    const file = `site-config/collections/${presentation.id}.presentation.json`;
    return {
      path: presentation.route,
      HydrateFallback: RouteLoading,
      lazy: async () => {
        const { TreatmentPage } = await lazyModules.treatment();
        return { element: <TreatmentPage presentation={presentation} file={file} /> };
      },
    };
  });
}

/** The whole route table. */
export function buildRoutes(): RouteObject[] {
  resetPreloads();
  const home = pages.find((p) => p.page.route === "/home");
  const children: RouteObject[] = [
    ...(home ? [{ index: true, element: <PageView page={home.page} file={home.file} /> }] : []),
    ...pages.flatMap(pageRoutes),
    ...treatmentRoutes(),
    { path: "*", element: <Navigate to="/home" replace /> },
  ];
  return [{ path: "/", element: <Root />, children }];
}
