/** Messages about pages that clash: shared addresses, titles and descriptions, and addresses that are not their own. */

import { plural, quote } from "../words";
import { entry } from "./entry";

/** What a duplicated value is, in words: "page path", "canonical address", ... */
export type PageField = "page path" | "canonical address" | "browser title" | "meta description";

const consequence: Record<PageField, string> = {
  "page path": "two pages would answer at one address",
  "canonical address": "search engines would list only one of the two pages",
  "browser title": "people cannot tell the two pages apart in search results and browser tabs",
  "meta description": "people cannot tell the two pages apart in search results",
};

export const DuplicatePageValue = entry({
  name: "DuplicatePageValue",
  title: "Two pages share an address, a title or a description.",
  severity: "error",
  message: (field: PageField, value: string, other: string) =>
    `Expected every page to have its own ${field}, but ${quote(value, 80)} is also the ${field} of ${other}, so ${consequence[field]}. Change this one.`,
  hint: "A copied page keeps the addresses, title and description of the page it was copied from; give the copy its own.",
});

export const PagePathNotOwn = entry({
  name: "PagePathNotOwn",
  title: "A treatment's page path is not its own address.",
  severity: "error",
  message: (found: string, expected: string, other: string | undefined) =>
    `Expected the page path to be ${quote(expected)}, this treatment's own address (its collection's route with its slug), but found ${quote(found)}` +
    (other ? `, the path of ${other}. Set it to ${quote(expected)}.` : `. Set it to ${quote(expected)}.`),
});

export const CanonicalNotOwn = entry({
  name: "CanonicalNotOwn",
  title: "A page's canonical address is not the page's own address.",
  severity: "error",
  message: (found: string, expected: string, other: string | undefined) =>
    `Expected the canonical address to be ${quote(expected)}, this page's own address, but found ${quote(found)}` +
    (other
      ? `, the address of ${other}: search engines would show that page in place of this one. Set it to ${quote(expected)}.`
      : `. Set it to ${quote(expected)}.`),
  hint: "The canonical address tells search engines which address to show for a page; a page that names another page's drops out of search results.",
});

export const SlugChanged = entry({
  name: "SlugChanged",
  title: "A treatment's slug changed, and what used it did not.",
  severity: "error",
  message: (slug: string, old: string, followOns: number) =>
    `This treatment's slug is ${quote(slug)}, but its page path and canonical address still end in ${quote(old)}` +
    (followOns > 0 ? `, and ${plural(followOns, "reference")} elsewhere still use ${quote(old)} (listed below)` : "") +
    `. If the slug was changed by mistake, change it back to ${quote(old)}; if not, update ` +
    (followOns > 0
      ? "the page path, the canonical address and those references."
      : "the page path and the canonical address."),
});

export const RenamedTarget = entry({
  name: "RenamedTarget",
  title: "Several references name something that is not there, close to this.",
  severity: "error",
  message: (what: string, value: string, missing: string, followOns: number) =>
    `${plural(followOns, "reference")} elsewhere use the ${what} ${quote(missing)}, which nothing defines; the closest is this one, ${quote(value)}. ` +
    `If this was renamed by mistake, change it back to ${quote(missing)}; if not, change those references (listed below) to ${quote(value)}.`,
});
