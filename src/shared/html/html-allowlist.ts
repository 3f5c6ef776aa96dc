/**
 * The one allowlist for HTML inside content strings: which tags and attributes a content string may
 * use and which link addresses. The sanitiser (purify.ts, DOMPurify) applies it in the validator, the
 * prerenderer and the browser alike; the validator's check (html.ts) reads it to say what is wrong.
 * Plain data and pure functions: no DOM, no parser.
 */

/** Allowed tags and, for each, its allowed attributes. */
export const allowedTags: Record<string, readonly string[]> = {
  a: ["href", "title", "rel", "target"],
  b: [],
  br: [],
  em: [],
  i: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  sup: [],
  u: [],
};

/** Tags removed together with everything inside them (not just unwrapped). */
export const strippedWithBody = ["script", "style", "iframe", "object", "embed", "template"];

/** Whether `tag` may take the attribute `name`. */
export function isAllowedAttribute(tag: string, name: string): boolean {
  return Object.hasOwn(allowedTags, tag) && allowedTags[tag].includes(name);
}

/** What a link address leads to; undefined for an address content may not use. */
export type LinkKind = "off-site" | "site" | "fragment" | "mail" | "phone";

// Browsers drop tabs and newlines anywhere in an address and read '\' as '/', so "/\evil.example"
// and "/\t/evil.example" lead off-site just like "//evil.example". An address holding any control
// character, space or backslash is refused outright rather than guessed at.
const unsafeCharacter = /[\u0000-\u0020\u007f\\]/;

/**
 * Classifies a link address: an absolute https: address (off-site; no user name or password in it),
 * a path on this site (one '/' then anything but '/'), a fragment ('#...'), mailto: or tel:. Anything
 * else is undefined: javascript:, data:, http:, '//host' (protocol-relative), relative paths.
 */
export function linkKind(href: string): LinkKind | undefined {
  if (href === "" || unsafeCharacter.test(href)) return undefined;
  if (href.startsWith("#")) return "fragment";
  if (href.startsWith("/")) return href.startsWith("//") ? undefined : "site";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1].toLowerCase();
  if (scheme === "mailto") return href.length > 7 ? "mail" : undefined;
  if (scheme === "tel") return /^tel:\+?[0-9][0-9().-]*$/i.test(href) ? "phone" : undefined;
  if (scheme !== "https" || !/^https:\/\/[^/?#]/i.test(href)) return undefined;
  try {
    const url = new URL(href);
    return url.hostname !== "" && url.username === "" && url.password === "" ? "off-site" : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a link address is allowed: https:, mailto:, tel:, a site path or a fragment. */
export function isSafeHref(value: string): boolean {
  return linkKind(value) !== undefined;
}

/** Link types a content link may carry in `rel`. "opener" is not one of them. */
export const allowedRelTokens = ["noopener", "noreferrer", "nofollow", "external", "ugc", "sponsored"];

/** The link types every off-site link gets: the page it opens cannot reach back, nor learn where it came from. */
export const offSiteRel = ["noopener", "noreferrer"];

/**
 * The `rel` a link keeps: its allowed link types, in its own order, plus noopener and noreferrer on
 * an off-site link (added by the sanitiser, by design). Null when nothing is left.
 */
export function relFor(href: string | null, rel: string | null): string | null {
  const tokens = (rel ?? "")
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .filter((token) => allowedRelTokens.includes(token));
  if (href !== null && linkKind(href) === "off-site") tokens.push(...offSiteRel);
  const unique = [...new Set(tokens)];
  return unique.length > 0 ? unique.join(" ") : null;
}

/** The link types of a `rel` value that content may not use, such as "opener". */
export function refusedRelTokens(rel: string): string[] {
  return rel
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .filter((token) => token !== "" && !allowedRelTokens.includes(token));
}

/** Targets a content link may open in. */
export const allowedTargets = ["_blank", "_self"];

/**
 * Whether an allowed attribute's value is allowed too: a link address by `linkKind`, a target from
 * the list, and no markup ('<' or '>') in any value (a title is shown as text, never as markup).
 */
export function isAllowedAttributeValue(tag: string, name: string, value: string): boolean {
  if (/[<>]/.test(value)) return false;
  if (tag === "a" && name === "href") return isSafeHref(value);
  if (tag === "a" && name === "target") return allowedTargets.includes(value);
  return true;
}
