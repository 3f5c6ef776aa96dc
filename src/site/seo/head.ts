/**
 * Sets the browser title, meta description, canonical link and structured data. Pages call
 * `useHead`. In the browser it applies them in an effect; while prerendering, a collector passed
 * through context records them during render, so the static HTML carries the same head.
 *
 * The root route refreshes the canonical with the current URL after every navigation (in a layout
 * effect, which runs before any page's passive effect, so a page's own canonical_url wins).
 */
import { createContext, useContext, useEffect, useLayoutEffect } from "react";
import { site } from "../config/site-config";

/** What a page says about itself to browsers and search engines. */
export interface HeadData {
  title: string;
  description: string;
  canonical?: string;
  /** schema.org objects for the page's JSON-LD. */
  structuredData?: object[];
}

/** Receives the head of the page being prerendered (server only). */
export const HeadCollector = createContext<((head: HeadData) => void) | null>(null);

function ensureElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return (document.head.querySelector(selector) as T | null) ?? document.head.appendChild(create());
}

/** The canonical <link>, created when the page has none. */
export function setCanonical(href: string) {
  const link = ensureElement("link[rel=canonical]", () => {
    const el = document.createElement("link");
    el.rel = "canonical";
    return el;
  });
  link.href = href;
  const og = document.head.querySelector("meta[property='og:url']");
  if (og) og.setAttribute("content", href);
}

function setMeta(selector: string, value: string) {
  document.head.querySelector(selector)?.setAttribute("content", value);
}

export function applyHead(head: HeadData) {
  document.title = head.title;
  const meta = ensureElement("meta[name=description]", () => {
    const el = document.createElement("meta");
    el.name = "description";
    return el;
  });
  meta.content = head.description;
  setMeta("meta[property='og:title']", head.title);
  setMeta("meta[property='og:description']", head.description);
  if (head.canonical) setCanonical(head.canonical);
}

/** Applies a page's head data whenever it changes (and hands it to the prerender collector). */
export function useHead(head: HeadData | null) {
  const collect = useContext(HeadCollector);
  if (collect && head) collect(head);
  const { title, description, canonical } = head ?? {};
  useEffect(() => {
    if (title !== undefined && description !== undefined) applyHead({ title, description, canonical });
  }, [title, description, canonical]);
}

/** The canonical URL of a path on this site. */
export const canonicalFor = (pathname: string) => `${site.canonicalBase}${pathname === "/" ? "" : pathname}`;

/** Refreshes the canonical link with the current URL on every completed navigation. */
export function useCanonicalRefresh(pathname: string) {
  useLayoutEffect(() => {
    setCanonical(canonicalFor(pathname));
  }, [pathname]);
}
