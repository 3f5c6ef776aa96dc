/**
 * The app, loaded by the page's entry (src/site/main.tsx) once the prerendered page is on screen. A
 * prerendered page is hydrated after what its route needs has loaded (its content and the code of
 * its blocks, fetched alongside this chunk), so the first render matches the served HTML; an
 * empty shell is rendered from scratch.
 *
 * The lead form's code is not part of this: its server HTML stays in place until someone moves
 * towards it (see lazy-lead-form.tsx).
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { type HydrationPayload, primeHydration } from "./collections/hydration";
import { formatsWithIntl } from "./i18n/format";
import { BrowserRouter } from "./router/router";
import { preloadRoute, setPreloadRoutes } from "./routes/preload";
import { buildRoutes } from "./routes/routes";
import { SiteRoutes } from "./routes/SiteRoutes";
import { formatDate } from "./ui/formatting";

function primePageData() {
  const element = document.getElementById("page-data");
  if (!element?.textContent) return;
  primeHydration(window.location.pathname, JSON.parse(element.textContent) as HydrationPayload);
}

/**
 * Lets the browser handle input and paint before the next step: evaluating the app's code is one
 * task, and what follows (the route table, matching the address, hydrating) would otherwise join
 * it in one long task on a slow phone (total blocking time).
 */
const yieldToBrowser = (): Promise<void> =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ??
  new Promise((resolve) => setTimeout(resolve, 0));

/** Hydrates a prerendered page once its route's parts are here; renders the shell from scratch. */
async function start(root: HTMLElement) {
  await yieldToBrowser();
  const routes = buildRoutes();
  setPreloadRoutes(routes);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <SiteRoutes routes={routes} />
      </BrowserRouter>
    </StrictMode>
  );
  if (!root.firstElementChild) {
    createRoot(root).render(app);
    return;
  }
  primePageData();
  await preloadRoute(window.location.pathname);
  if (formatsWithIntl()) {
    // The page's first number format (FormatJS asks for one with every message it compiles) has
    // V8 list the locales ICU formats numbers in: 25-40 ms of a desktop's main thread, whichever
    // Intl call comes first. Asked here, in a task of its own, it is not part of the hydration
    // task that renders the page's first plural (one long task on a phone: blocking time).
    await yieldToBrowser();
    Intl.NumberFormat.supportedLocalesOf(document.documentElement.lang);
  }
  const date = root.querySelector("time[datetime]")?.getAttribute("datetime");
  if (date) {
    // The same for dates (review dates, blog cards, each in a <time>): the first date format has
    // V8 load ICU's calendar and month names for the language, some 17 ms of a phone's main
    // thread (4x slowed) inside the render of the block that shows it. Made here, in a task of its
    // own, and kept by formatting.ts for the render.
    await yieldToBrowser();
    formatDate(date, document.documentElement.lang.split("-")[0]);
  }
  hydrateRoot(root, app);
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element.");
// Not awaited at the top level: the route's chunks import this chunk's shared code, and a module
// still awaiting at its top level cannot be imported until it finishes — they would wait forever.
void start(container);
