/**
 * Server entry for prerendering: renders one page of the real route table to a complete HTML
 * document. Built by `vite build --ssr` and driven by scripts/prerender.ts (also from its workers).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router-dom";
import { preloadAllBlocks } from "./blocks/BlockList";
import { clearCollectionCache, primeHydration } from "./collections/load";
import { site } from "./config/site-config";
import { preloadLeadForm } from "./forms/lazy-lead-form";
import { pageDocument } from "./prerender/document";
import type { PageInfo } from "./prerender/manifest";
import { App } from "./routes/App";
import { preloadRoute } from "./routes/preload";
import { buildRoutes } from "./routes/routes";

export { listPages, type PageInfo } from "./prerender/manifest";
export { site };

const routes = buildRoutes();
// Code-split parts every page may show, loaded once so each page renders complete.
const ready = Promise.all([preloadLeadForm(), preloadAllBlocks()]);

/** The app's HTML at `path`; throws for a path the route table sends elsewhere. */
export async function renderApp(path: string): Promise<string> {
  await ready;
  const matches = matchRoutes(routes, path) ?? [];
  if (matches.length === 0 || matches.at(-1)?.route.path === "*")
    throw new Error(`${path} is not a page of the route table (it redirects to /home); it cannot be prerendered.`);
  await preloadRoute(path, routes);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App routes={routes} />
      </StaticRouter>
    </StrictMode>,
  );
  // A Suspense boundary left to the browser ("<!--$!-->") means a part of the page is missing
  // from the static HTML: code-split parts must be preloaded by their route (see route-data.ts).
  if (html.includes("<!--$!-->"))
    throw new Error(`Part of ${path} suspended while prerendering; preload it in its route.`);
  return html;
}

/** The complete HTML document of one page, rendered with the data the browser will hydrate with. */
export async function renderPage(info: PageInfo, template: string): Promise<string> {
  clearCollectionCache();
  if (info.hydration) primeHydration(info.path, info.hydration.file, info.hydration.data);
  const html = await renderApp(info.path);
  return pageDocument(template, info, html, site.name, `${site.canonicalBase}${site.logo.src}`);
}
