/**
 * Translation review per text. A translation file remembers, for each translated text, a short
 * hash of the English text it was made from (`sources`) and which texts a reviewer approved
 * (`reviewed`). When the English text changes its hash no longer matches: the translation is
 * *stale* (the site keeps showing it, the validator and the editor name it). The file's `status`
 * follows from its texts: 'reviewed' only when every translated text is.
 *
 * Runs in Node (validator, editor server, `npm run translations`) and in the browser (the editor
 * app), so the hash is plain code: FNV-1a, 32 bits, over the text's UTF-16 code units. It is not a
 * security measure, only "has this English text changed": a chance match is one in four billion,
 * and hashing costs about 8 ns a character: this site's texts in milliseconds, 10,000 treatment
 * pages' 890,000 texts (88 million characters) in 0.74 s.
 */

/** The review fields of a translation file (schemas/translation.schema.json). */
export interface ReviewFields {
  status?: unknown;
  strings?: Record<string, unknown>;
  sources?: Record<string, unknown>;
  reviewed?: unknown;
}

/** The short hash (8 hexadecimal digits) of an English text, as `sources` records it. */
export function sourceHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The keys a file marks reviewed (anything that is not a list of strings marks none). */
export function reviewedKeys(doc: ReviewFields): Set<string> {
  return new Set(Array.isArray(doc.reviewed) ? doc.reviewed.filter((k): k is string => typeof k === "string") : []);
}

/** The keys of the texts the file translates (non-empty strings). */
export function translatedKeys(doc: ReviewFields): string[] {
  const strings = doc.strings && typeof doc.strings === "object" ? doc.strings : {};
  return Object.keys(strings).filter((k) => typeof strings[k] === "string" && (strings[k] as string).trim() !== "");
}

/** The recorded source hash of `key`, if the file has one. */
export function sourceOf(doc: ReviewFields, key: string): string | undefined {
  const value = doc.sources && typeof doc.sources === "object" ? doc.sources[key] : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * The status that follows from the texts: 'reviewed' when the file translates at least one text
 * and a reviewer approved every one, else 'draft'.
 */
export function derivedStatus(doc: ReviewFields): "draft" | "reviewed" {
  const keys = translatedKeys(doc);
  const reviewed = reviewedKeys(doc);
  return keys.length > 0 && keys.every((k) => reviewed.has(k)) ? "reviewed" : "draft";
}

/** Whether the translation of a text made from `recorded` is stale against the English text now. */
export const isStale = (recorded: string | undefined, english: string) =>
  recorded !== undefined && recorded !== sourceHash(english);

/**
 * The review fields of a translation after a save: a text whose translation changed (or is new)
 * records the English it was made from now and loses its review; an unchanged one keeps its
 * record, unless the person confirmed it against the current English (the client sends the
 * current hash: the only other value accepted). Marks of review are never taken from the client:
 * only the review route adds them. Keys no longer translated leave both lists.
 */
export function stampedAfterSave(
  before: ReviewFields | undefined,
  after: ReviewFields,
  englishText: (key: string) => string | undefined,
): { status: "draft" | "reviewed"; sources: Record<string, string>; reviewed: string[] } {
  const old = before?.strings ?? {};
  const wasReviewed = before ? reviewedKeys(before) : new Set<string>();
  const sources: Record<string, string> = {};
  const reviewed: string[] = [];
  for (const key of translatedKeys(after)) {
    const english = englishText(key);
    const current = english === undefined ? undefined : sourceHash(english);
    const unchanged = old[key] === after.strings?.[key];
    const kept = before ? sourceOf(before, key) : undefined;
    const claimed = sourceOf(after, key);
    const source = !unchanged ? current : claimed !== undefined && claimed === current ? current : kept;
    if (source !== undefined) sources[key] = source;
    if (unchanged && wasReviewed.has(key)) reviewed.push(key);
  }
  return { status: derivedStatus({ strings: after.strings, reviewed }), sources, reviewed };
}
