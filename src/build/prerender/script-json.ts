/**
 * JSON text for the data blocks of a page (document.ts): its hydration data, JSON-LD and module
 * list. Apart from document.ts so that manifest.ts, which document.ts reads types from, can give
 * hydration data its text without an import circle.
 */

/**
 * JSON safe inside a <script> element: no '</script>' or '<!--' can end it early. Plain string
 * replacements (line and paragraph separators are rare, so looked for first): this runs for every
 * page's data, where a replace with a callback per match was a visible share of prerendering.
 */
export function scriptJson(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

function scriptSafe(serialised: string): string {
  const json = serialised.replaceAll("<", "\\u003c");
  return json.includes("\u2028") || json.includes("\u2029")
    ? json.replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029")
    : json;
}

/** Hydration data serialised, by object: a treatment's pages in languages it has no texts in share theirs (manifest.ts). */
const serialised = new WeakMap<object, string>();

/**
 * Gives hydration data its JSON text, `serialise()` (the same as JSON.stringify gives it, made from
 * parts serialised once: page-hydration.ts), unless it has one already.
 */
export function serialiseHydrationWith(hydration: object, serialise: () => string): void {
  if (!serialised.has(hydration)) serialised.set(hydration, scriptSafe(serialise()));
}

/** The page's hydration data as JSON safe in a <script> element, made once per object. */
export function hydrationJson(hydration: object): string {
  let json = serialised.get(hydration);
  if (json === undefined) {
    json = scriptJson(hydration);
    serialised.set(hydration, json);
  }
  return json;
}
