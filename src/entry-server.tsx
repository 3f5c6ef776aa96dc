/**
 * Server entry for prerendering: renders one page of the real route table to a complete HTML
 * document. Built by `vite build --ssr` and driven by scripts/prerender.ts (also from its workers).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { clearCollectionCache, primeHydration } from "./collections/load";
import { site } from "./config/site-config";
import { preloadLeadForm } from "./forms/lazy-lead-form";
import { pageDocument } from "./prerender/document";
import type { PageInfo } from "./prerender/manifest";
import { buildRoutes } from "./routes/routes";

export { listPages, type PageInfo } from "./prerender/manifest";
export { site };

const handler = createStaticHandler(buildRoutes());
// Code-split parts every page may show, loaded once so each page renders complete.
const ready = preloadLeadForm();

/** The app's HTML at `path`, or where the route table redirects it. */
export async function renderApp(path: string): Promise<{ html: string } | { redirect: string }> {
  await ready;
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) return { redirect: context.headers.get("Location") ?? "/home" };
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      {/* No hydration script: the routes have no loaders, and the CSP allows no inline script. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>
  );
  const html = renderToString(app);
  // A Suspense boundary left to the browser ("<!--$!-->") means a part of the page is missing
  // from the static HTML: code-split parts must be preloaded by their route (see LazyPage).
  if (html.includes("<!--$!-->"))
    throw new Error(`Part of ${path} suspended while prerendering; preload it in its route.`);
  return { html };
}

/** The complete HTML document of one page, rendered with the data the browser will hydrate with. */
export async function renderPage(info: PageInfo, template: string): Promise<string> {
  clearCollectionCache();
  if (info.hydration) primeHydration(info.path, info.hydration.file, info.hydration.data);
  const result = await renderApp(info.path);
  if ("redirect" in result) throw new Error(`${info.path} redirects to ${result.redirect}; it cannot be prerendered.`);
  return pageDocument(template, info, result.html, site.name, `${site.canonicalBase}${site.logo.src}`);
}
