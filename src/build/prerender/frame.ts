/**
 * Reusing one rendered page frame (header, footer, modals) for all the pages of a ':slug' route,
 * which differ only in the content of <main> (see src/site/layout/layout-part.ts). The frame depends on
 * the address only through which navigation tab is active (the same along a route) and through
 * links to the current page, so a page whose own address the frame links to is rendered whole.
 */
import type { TextParts } from "../output-file";

/** Stands in the frame's <main> for the content; no page text contains it. */
export const contentMarker = "\u2063prerender-page-content\u2063";

/** Stands for the slug in the frame's address; no slug contains it. */
const frameSlug = "\u2063frame";

/** The address the shared frame of `route` is rendered at: on the route, linked from nowhere. */
export const frameAddress = (route: string) => route.replace(/:(slug|page)\b/g, (_, name: string) => frameSlug + name);

/** A frame's text cut at its stand-ins: text, a parameter's name, text, … */
const standIns = new RegExp(`${frameSlug}(slug|page)`);

/** The values of a route's parameters in `path`, by name. */
function paramsOf(route: string, path: string): Map<string, string> {
  const values = path.split("/");
  const byName = new Map<string, string>();
  route.split("/").forEach((segment, i) => {
    const name = /^:(slug|page)$/.exec(segment)?.[1];
    if (name && values[i] && !byName.has(name)) byName.set(name, values[i]);
  });
  return byName;
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
  return textOf(pageInFrame(frame, "", "", content));
}

/** A piece of a frame cut for splicing: its text's bytes, a route parameter's value, the content's preloads or its <main>. */
type FramePiece = Uint8Array | { param: string } | "preloads" | "main";

/** Each frame cut for splicing, once: its text encoded once for all the pages of its route. */
const framePlans = new Map<string, FramePiece[]>();
const encoder = new TextEncoder();

function framePlan(frame: string): FramePiece[] {
  let plan = framePlans.get(frame);
  if (plan) return plan;
  const at = frame.indexOf(contentMarker);
  if (at < 0) throw new Error("The page frame has no content marker in <main>.");
  const head = hoisted(frame).length;
  const pieces = (text: string): FramePiece[] =>
    text.split(standIns).map((piece, i) => (i % 2 === 1 ? { param: piece } : encoder.encode(piece)));
  plan = [
    ...pieces(frame.slice(0, head)),
    "preloads",
    ...pieces(frame.slice(head, at)),
    "main",
    ...pieces(frame.slice(at + contentMarker.length)),
  ];
  framePlans.set(frame, plan);
  return plan;
}

/**
 * The page at `path` of `route` in its frame, in parts to be written as they are: the frame with
 * its stand-ins for the route's parameters filled (the language switcher links to this very page
 * in the other languages) and `content` in it (withContent). The frame's text (half a treatment
 * page, in two-byte strings for its Telugu and Hindi) is encoded once per frame, not with every page.
 */
export function pageInFrame(frame: string, route: string, path: string, content: Content): TextParts {
  const byName = paramsOf(route, path);
  return framePlan(frame).map((piece) =>
    piece instanceof Uint8Array
      ? piece
      : piece === "preloads"
        ? content.preloads
        : piece === "main"
          ? content.main
          : // A stand-in the address has no value for stays as it is.
            (byName.get(piece.param) ?? frameSlug + piece.param),
  );
}

const decoder = new TextDecoder();

/** Parts as one text (tests, and a page asked for as a string). */
export const textOf = (parts: TextParts): string =>
  parts.map((part) => (typeof part === "string" ? part : decoder.decode(part))).join("");
