/**
 * The page's entry, kept tiny. A prerendered page is complete HTML: it is painted from the HTML
 * and styles alone, and only then is the app's code fetched and the page hydrated, so on a slow
 * phone connection the 100 KB of React, the router and the layout do not compete with the first
 * paint. Until the app arrives links are ordinary links, and a lead form's submit is held, then
 * sent once the form is ready (lead-form-loader.ts). A page that is not prerendered (the shell)
 * loads the app at once.
 *
 * The site's base styles are imported here so the page's HTML links them, first; the app's styles
 * share their stylesheet (src/build/vite/chunk-groups.ts), and each page also links the styles of
 * its blocks (see src/build/prerender/document.ts).
 */
import { markAppUnavailable, watchLeadForms } from "./forms/lead-form-loader";
import "./styles/global.css";
import "./styles/patterns.css";

/** Longest wait for the first paint (a page opened in a background tab paints only when shown). */
const paintTimeoutMs = 3000;

/** Resolves once the page has painted content (or the browser cannot tell, or it takes too long). */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, paintTimeoutMs);
    const painted = (entries: PerformanceEntryList) => entries.some((e) => e.name === "first-contentful-paint");
    if (painted(performance.getEntriesByType("paint"))) return done();
    try {
      observer = new PerformanceObserver((list) => painted(list.getEntries()) && done());
      observer.observe({ type: "paint", buffered: true });
    } catch {
      done();
    }
  });
}

/** Starts fetching the app's chunk and the page's own (its content and blocks) side by side. */
function fetchRouteModules() {
  const list = document.getElementById("route-modules")?.textContent;
  for (const href of list ? (JSON.parse(list) as string[]) : []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

const container = document.getElementById("root");
if (container?.firstElementChild) {
  watchLeadForms(container);
  await afterFirstContentfulPaint();
  fetchRouteModules();
}
try {
  await import("./start");
} catch (error) {
  // Offline, or a deploy replaced the files: the page stays readable, links still work, and a
  // lead form says its request was not sent rather than seeming to send it.
  console.error("The site's code could not be loaded:", error);
  markAppUnavailable();
}
