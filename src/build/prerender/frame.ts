/**
 * Reusing one rendered page frame (header, footer, modals) for all the pages of a ':slug' route,
 * which differ only in the content of <main> (see src/site/layout/layout-part.ts). The frame depends on
 * the address only through which navigation tab is active (the same along a route) and through
 * links to the current page, so a page whose own address the frame links to is rendered whole.
 */

/** Stands in the frame's <main> for the content; no page text contains it. */
export const contentMarker = "\u2063prerender-page-content\u2063";

/** Stands for the slug in the frame's address; no slug contains it. */
const frameSlug = "\u2063frame";

/** The address the shared frame of `route` is rendered at: on the route, linked from nowhere. */
export const frameAddress = (route: string) => route.replace(/:(slug|page)\b/g, (_, name: string) => frameSlug + name);

/** Each frame cut at its stand-ins, once: text, a parameter's name, text, … (a frame's two replaceAll scans per page were a share of prerendering). */
const frameCuts = new Map<string, string[]>();

/**
 * The frame for the page at `path` of `route`: the language switcher links to this very page in
 * the other languages, which the frame rendered with stand-ins for the route's parameters.
 */
export function frameFor(frame: string, route: string, path: string): string {
  let cut = frameCuts.get(frame);
  if (!cut) {
    cut = frame.split(new RegExp(`${frameSlug}(slug|page)`));
    frameCuts.set(frame, cut);
  }
  if (cut.length === 1) return frame;
  const values = path.split("/");
  const byName = new Map<string, string>();
  route.split("/").forEach((segment, i) => {
    const name = /^:(slug|page)$/.exec(segment)?.[1];
    if (name && values[i] && !byName.has(name)) byName.set(name, values[i]);
  });
  let filled = cut[0];
  // A stand-in the address has no value for stays as it is.
  for (let i = 1; i < cut.length; i += 2) filled += (byName.get(cut[i]) ?? frameSlug + cut[i]) + cut[i + 1];
  return filled;
}

/** Whether pages of `route` can share a frame (one page per route gains nothing). */
export const sharesFrame = (route: string) => /:(slug|page)\b/.test(route);

/** Every address the frame links to (href="…"), found once per frame rather than searched per page. */
const linkSets = new Map<string, Set<string>>();

/** Whether the frame links to `path` itself (then its links would mark that page as current). */
export function linksTo(frame: string, path: string): boolean {
  let links = linkSets.get(frame);
  if (!links) {
    links = new Set(Array.from(frame.matchAll(/href="([^"]*)"/g), (m) => m[1]));
    linkSets.set(frame, links);
  }
  return links.has(path);
}

/** The preload links React puts before a render's first element (images it saw, in order). */
const hoisted = (html: string) => /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? "";

/** What a content-only render adds to the frame: its preload links and the inside of <main>. */
export interface Content {
  preloads: string;
  main: string;
}

/** The preload links and the inner HTML of the one <main> of a content-only render. */
export function mainContent(html: string): Content {
  const start = html.indexOf("<main");
  const open = html.indexOf(">", start) + 1;
  const close = html.lastIndexOf("</main>");
  if (start < 0 || close < open) throw new Error("A content-only render has no <main> element.");
  return { preloads: hoisted(html), main: html.slice(open, close) };
}

/**
 * The frame with the content in <main>, and the content's preload links after the frame's (where a
 * whole render puts them, as long as nothing after <main> is preloaded; tests compare the two).
 */
export function withContent(frame: string, content: Content): string {
  const at = frame.indexOf(contentMarker);
  if (at < 0) throw new Error("The page frame has no content marker in <main>.");
  const head = hoisted(frame).length;
  return (
    frame.slice(0, head) +
    content.preloads +
    frame.slice(head, at) +
    content.main +
    frame.slice(at + contentMarker.length)
  );
}
