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
 * What the text of a JSON file rules out (see the top of the file). Only for a text JSON.parse has
 * taken: the text rule's search counts on it.
 *
 * Placeholders declared whole are left to the walk, which compares only the strings of their
 * length; those declared as a part are searched for in the text when it is ASCII alone. A text
 * with other characters is kept in two bytes a character, where a search runs several times
 * slower than in the strings JSON.parse made of it (one declared part cost a 50 MB collection
 * file a tenth of its validation): the walk searches those strings instead.
 */
export function screenText(text: string, placeholders: readonly PlaceholderRule[]): TextScreen {
  if (text.includes("\\u") || text.includes("\\/")) return unscreened(placeholders);
  let forms = searches.get(placeholders);
  if (!forms) {
    forms = placeholders.map((rule) => searchFor(rule.text));
    searches.set(placeholders, forms);
  }
  const found = forms;
  const ascii = isAscii(text);
  return {
    refused: mayHoldRefused(text, ascii),
    markup: text.includes("<"),
    placeholders: placeholders.filter((rule, i) => rule.match === "whole" || !ascii || text.includes(found[i])),
    sample: text.includes('"sample"'),
  };
}
