/**
 * Browser entry. A prerendered page is hydrated after what its route needs has loaded (its
 * content and the code of its blocks, usually already fetched through the page's modulepreload
 * links), so the first render matches the served HTML; an empty shell is rendered from scratch.
 *
 * The lead form's code is not part of this: its server HTML stays in place until someone moves
 * towards it (see lazy-lead-form.tsx).
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { primeHydration } from "./collections/load";
import { watchLeadForms } from "./forms/lazy-lead-form";
import type { HydrationPayload } from "./prerender/manifest";
import { App } from "./routes/App";
import { preloadRoute, setPreloadRoutes } from "./routes/preload";
import { buildRoutes } from "./routes/routes";
import "./styles/global.css";
import "./styles/blocks.css";

function primePageData() {
  const element = document.getElementById("page-data");
  if (!element?.textContent) return;
  const payload = JSON.parse(element.textContent) as HydrationPayload;
  primeHydration(window.location.pathname, payload.file, payload.data);
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element.");
const routes = buildRoutes();
setPreloadRoutes(routes);
const app = (
  <StrictMode>
    <BrowserRouter>
      <App routes={routes} />
    </BrowserRouter>
  </StrictMode>
);

if (container.firstElementChild) {
  watchLeadForms(container);
  primePageData();
  await preloadRoute(window.location.pathname);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
