/**
 * The allowlist for HTML inside content strings, shared by the validator and server sanitiser
 * (src/shared/html/html.ts, built on xss) and the browser's small DOM sanitiser (sanitize.browser.ts), so
 * both sides keep exactly the same tags and attributes.
 */

/** Allowed tags and, for each, its allowed attributes. */
export const allowedTags: Record<string, string[]> = {
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

const safeHref = /^(https:\/\/|http:\/\/|mailto:|tel:|\/|#)/i;

/** Whether a link address is allowed: http(s), mailto, tel, a site path or a fragment. */
export function isSafeHref(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so
  // compare with them removed.
  return safeHref.test(value.replace(/[\u0000-\u0020]/g, ""));
}
