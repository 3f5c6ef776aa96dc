/**
 * What a file's text, as written, rules out before its parsed strings are searched one by one.
 * On 10,000 treatment files the string checks (the text rule, markup in plain text, placeholders,
 * sample entries) walked every string of every document, most of the first pass's time, to find
 * nothing in most files; one search of the whole text tells which of them can find anything.
 *
 * Why it is sound: a string of a JSON text is written character by character, each either as it
 * is or as an escape. Where the text holds no `\u` escape and no `\/`, the only escapes are `\"`,
 * `\\`, `\b`, `\f`, `\n`, `\r` and `\t`, the ones JSON.stringify writes; so every string of the
 * document stands in the text exactly as JSON.stringify writes it, and a string holding some
 * words holds them as JSON.stringify writes them. A text that holds `\u` or `\/` rules nothing out.
 * Keys are searched along with values: that may find what is not there, never miss what is.
 */
import type { PlaceholderRule } from "./placeholders";

/** What the string checks of one file need to look for. */
export interface TextScreen {
  /** Whether a string may hold a character the text rule refuses. */
  refused: boolean;
  /** Whether a string may hold a '<' (what markup in a plain-text field starts with). */
  markup: boolean;
  /** The declared placeholders some string may hold, in the order the site declares them. */
  placeholders: readonly PlaceholderRule[];
  /** Whether an entry may be marked `"sample"`. */
  sample: boolean;
  /**
   * For placeholders declared as a part: at least how many of the document's strings may hold
   * each (the times the text holds it as written), so the walk stops searching strings for one
   * once it has found that many. Without an entry, every string is searched.
   */
  partCounts?: ReadonlyMap<PlaceholderRule, number>;
}

/** Everything may be there: a document known without its text (the editor's forms). */
export const unscreened = (placeholders: readonly PlaceholderRule[]): TextScreen => ({
  refused: true,
  markup: true,
  placeholders,
  sample: true,
});

/**
 * The characters the text rule refuses as they may stand in a JSON text (text-rule.ts's quick
 * look: any surrogate, too), and the short escapes of refused ones: \b, \f and \r.
 */
const mayBeRefused =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufdd0-\ufdef\ufffe\uffff\ud800-\udfff]|\\[bfr]/;

/** Whether every character of a text is ASCII (as many bytes in UTF-8 as characters). */
const isAscii = (text: string) => Buffer.byteLength(text, "utf8") === text.length;

/**
 * Whether a string of a parsed JSON text may hold a refused character. A text of ASCII alone is
 * asked four quick searches instead of a pattern that tests each character, five times slower:
 * JSON.parse has taken the text, so a control character can stand in a string only as an escape
 * (`\u` is ruled out before), and DEL is the one other refused ASCII character.
 */
function mayHoldRefused(text: string, ascii: boolean): boolean {
  if (!ascii) return mayBeRefused.test(text);
  return text.includes("\\b") || text.includes("\\f") || text.includes("\\r") || text.includes("\u007f");
}

/** Characters seldom in prose, most seldom first: a search for a text starts at one of them. */
const seldom = ["@", "?", "(", "+", "=", ":", "/"];

/**
 * What to search a text for to know whether it may hold `words`: the words as JSON.stringify writes
 * them, from their most seldom character on. A search runs from one occurrence of its first
 * character to the next, and a text holding the words holds every part of them.
 */
function searchFor(words: string): string {
  const written = JSON.stringify(words).slice(1, -1);
  for (const character of seldom) {
    const at = written.indexOf(character);
    if (at >= 0) return written.slice(at);
  }
  return written;
}

/** Each declared text's search (kept per list of rules). */
const searches = new WeakMap<readonly PlaceholderRule[], string[]>();

/**
 * Texts longer than this (characters) are searched a window at a time, every search in one window
 * before the next: a 50 MB collection file searched once per thing looked for read it from memory
 * a dozen times (a tenth of its validation), where a window stays in the processor's cache.
 */
const windowLength = 1 << 16;

/**
 * What the text of a JSON file rules out (see the top of the file). Only for a text JSON.parse has
 * taken: the text rule's search counts on it. Placeholders declared whole are left to the walk,
 * which compares only the strings of their length; those declared as a part are searched for.
 */
export function screenText(text: string, placeholders: readonly PlaceholderRule[]): TextScreen {
  let forms = searches.get(placeholders);
  if (!forms) {
    forms = placeholders.map((rule) => searchFor(rule.text));
    searches.set(placeholders, forms);
  }
  if (text.length <= 2 * windowLength) return screenWindow(text, placeholders, forms) ?? unscreened(placeholders);
  // Windows overlap by the longest thing searched for, so none is cut in two.
  const overlap = Math.max('"sample"'.length, ...forms.map((form) => form.length));
  const screen: TextScreen = { refused: false, markup: false, placeholders: [], sample: false };
  const parts = new Set<PlaceholderRule>();
  // Summed over windows: one written where two windows overlap counts twice, which only means
  // searching longer.
  const partCounts = new Map<PlaceholderRule, number>();
  for (let start = 0; start < text.length; start += windowLength) {
    const window = screenWindow(text.slice(start, start + windowLength + overlap), placeholders, forms);
    if (!window) return unscreened(placeholders);
    screen.refused ||= window.refused;
    screen.markup ||= window.markup;
    screen.sample ||= window.sample;
    for (const rule of window.placeholders) parts.add(rule);
    for (const [rule, count] of window.partCounts ?? []) partCounts.set(rule, (partCounts.get(rule) ?? 0) + count);
  }
  screen.placeholders = placeholders.filter((rule) => parts.has(rule));
  screen.partCounts = partCounts;
  return screen;
}

/** What one text, or one window of a long one, rules out; undefined when it holds `\u` or `\/`. */
function screenWindow(text: string, placeholders: readonly PlaceholderRule[], forms: string[]): TextScreen | undefined {
  if (text.includes("\\u") || text.includes("\\/")) return undefined;
  const partCounts = new Map<PlaceholderRule, number>();
  placeholders.forEach((rule, i) => {
    if (rule.match === "whole") return;
    let count = 0;
    for (let at = text.indexOf(forms[i]); at >= 0; at = text.indexOf(forms[i], at + forms[i].length)) count++;
    if (count > 0) partCounts.set(rule, count);
  });
  return {
    refused: mayHoldRefused(text, isAscii(text)),
    markup: text.includes("<"),
    placeholders: placeholders.filter((rule) => rule.match === "whole" || partCounts.has(rule)),
    sample: holdsSampleKey(text),
    partCounts,
  };
}

/**
 * Whether a text holds `"sample"`, searched from its `mple"`: the same answer as
 * `text.includes('"sample"')`, five times quicker on a treatment file (a search that starts at
 * each '"' of a JSON text starts very often).
 */
function holdsSampleKey(text: string): boolean {
  for (let at = text.indexOf('mple"', 3); at >= 0; at = text.indexOf('mple"', at + 1))
    if (text.startsWith('"sa', at - 3)) return true;
  return false;
}
