/**
 * Sets the browser title, meta description and canonical link. Pages call `useHead`; the root
 * route refreshes the canonical with the current URL after every navigation (in a layout effect,
 * which runs before any page's passive effect, so a page's own canonical_url wins).
 */
import { useEffect, useLayoutEffect } from "react";
import { site } from "../config/site-config";

/** What a page says about itself to browsers and search engines. */
export interface HeadData {
  title: string;
  description: string;
  canonical?: string;
}

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
}

export function applyHead(head: HeadData) {
  document.title = head.title;
  const meta = ensureElement("meta[name=description]", () => {
    const el = document.createElement("meta");
    el.name = "description";
    return el;
  });
  meta.content = head.description;
  if (head.canonical) setCanonical(head.canonical);
}

/** Applies a page's head data whenever it changes. */
export function useHead(head: HeadData | null) {
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
