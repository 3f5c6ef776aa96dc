/**
 * The page's entry script, and the module it preloads, fetched at low priority (`fetchpriority="low"`).
 *
 * The entry waits for the first paint before it fetches the app (src/site/main.tsx), so nothing of
 * the first paint waits for it; but a module script is fetched at high priority by default, so on a
 * slow connection it shares the first round trips with what the paint does wait for (the
 * stylesheet, the language's font, the images in view), and Lighthouse counts a high-priority
 * script fetched before the paint as render-blocking (its simulated first paint on the phone was
 * 0.3-0.4 s later for it). Low priority says what the entry is: wanted once the page is shown.
 */
import type { Plugin } from "vite";

/** Adds fetchpriority="low" to the module script tags and module preload links of a built page. */
export function lowPriorityEntry(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*\sfetchpriority=)/g,
    '<$1 fetchpriority="low"',
  );
}

/** The Vite plugin: applied to index.html after Vite has added the entry's tags (build only). */
export function entryPriorityPlugin(): Plugin {
  return {
    name: "entry-priority",
    apply: "build",
    transformIndexHtml: { order: "post", handler: lowPriorityEntry },
  };
}
