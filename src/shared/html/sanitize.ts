/**
 * The renderer's sanitiser for HTML inside content strings (src/site/ui/text.tsx): DOMPurify with
 * the allowlist (purify.ts), the same code the validator runs. It is loaded on first need, so in the
 * browser it is a chunk of its own (about 12 KB gzip) that a prerendered page never fetches: the
 * page's content is already in its HTML, sanitised by the prerenderer, and hydration keeps it as it
 * is (see text.tsx). Content the browser renders itself (a page reached by a link) waits for it.
 *
 * Shortcuts, all exact: a string with no '<' holds no markup, so it reads the same as its sanitised
 * form (entities decode alike either way) and is returned as it is; in Node, so is a string whose
 * tokens show it is already what the sanitiser would make of it (canonical.ts: no jsdom needed);
 * and results are remembered, since a site repeats its strings across pages.
 */
import { alreadySanitised, domWindow } from "./dom-window";

type Sanitise = (html: string) => string;

let sanitise: Sanitise | undefined;
let loading: Promise<void> | undefined;

const cache = new Map<string, string>();
const cacheLimit = 10_000;

/** Loads the sanitiser; resolves once `sanitizeInlineHtml` can run. The same promise every time. */
export function loadSanitiser(): Promise<void> {
  loading ??= import("./purify").then(({ createSanitiser }) => {
    let made: Sanitise | undefined;
    // The window (jsdom's, in Node) is made on the first string that has a tag, not at load.
    sanitise = (html) => {
      if (alreadySanitised(html)) return html;
      made ??= createSanitiser(domWindow()).sanitize;
      return made(html);
    };
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Whether `html` needs the sanitiser at all (it has a tag, a comment or something like one). */
export const hasMarkup = (html: string) => html.includes("<");

/** The sanitised string, or undefined while the sanitiser is not loaded yet. */
export function sanitizeIfLoaded(html: string): string | undefined {
  if (!hasMarkup(html)) return html;
  if (!sanitise) return undefined;
  let clean = cache.get(html);
  if (clean === undefined) {
    clean = sanitise(html);
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(html, clean);
  }
  return clean;
}

/** Returns the string with every tag and attribute outside the allowlist removed (after `loadSanitiser`). */
export function sanitizeInlineHtml(html: string): string {
  const clean = sanitizeIfLoaded(html);
  if (clean === undefined) throw new Error("The HTML sanitiser is not loaded yet: await loadSanitiser() first.");
  return clean;
}
