/**
 * Browser entry. A prerendered page is hydrated (after loading the code of its route, so the first
 * render matches the served HTML); an empty shell is rendered from scratch.
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from "react-router-dom";
import { primeHydration } from "./collections/load";
import { preloadLeadForm } from "./forms/lazy-lead-form";
import type { HydrationPayload } from "./prerender/manifest";
import { buildRoutes } from "./routes/routes";
import "./styles/global.css";
import "./styles/blocks.css";

async function resolveLazyRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

function primePageData() {
  const element = document.getElementById("page-data");
  if (!element?.textContent) return;
  const payload = JSON.parse(element.textContent) as HydrationPayload;
  primeHydration(window.location.pathname, payload.file, payload.data);
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element.");
const routes = buildRoutes();

if (container.firstElementChild) {
  // The form's chunk loads alongside the route's code rather than after it; the rest of the page
  // does not wait for it (see lazy-lead-form.tsx).
  if (container.querySelector(".lead-form")) void preloadLeadForm();
  primePageData();
  await resolveLazyRoutes(routes);
  const router = createBrowserRouter(routes);
  hydrateRoot(
    container,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
