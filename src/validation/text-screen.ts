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

/**
 * Characters from the most seldom to the most common in the site's JSON texts (counted over its
 * files and 10,000 treatment files): a search for a text looks for its most seldom character
 * first. Not prose's order: every key of a JSON text is followed by ':', and every address holds
 * '/' (a search for "(sample hours: confirm ...)" from its ':' stopped at every key, three times
 * the time of one from its '('). A character not listed counts as seldom as 'x'.
 */
const byRarity = "!%*~ZQ^=J@&#+|VX$UzY'K;GFNOEWL?DBRM()PHSAI[]CTj/qx76895432v1_0wkfgy:b-m,uhpdc.lrinosate ";
const unlistedRank = byRarity.indexOf("x");
const rarity = (character: string) => {
  const rank = byRarity.indexOf(character);
  return rank < 0 ? unlistedRank : rank;
};

/**
 * How to search a text for `words`: the words as JSON.stringify writes them (`form`), and where in
 * them their most seldom character stands (`at`). A search runs from one occurrence of its first
 * character to the next, so it looks for the form from that character on and checks what stands
 * before: each hit is the whole form, and a count of hits is exact.
 */
interface Search {
  form: string;
  at: number;
}

function searchFor(words: string): Search {
  const form = JSON.stringify(words).slice(1, -1);
  let at = 0;
  for (let i = 1; i < form.length; i++) if (rarity(form[i]) < rarity(form[at])) at = i;
  return { form, at };
}

/** How many times `text` holds a search's form (overlapping ones too). */
function countOf(text: string, { form, at }: Search): number {
  const anchor = at === 0 ? form : form.slice(at);
  const before = form.slice(0, at);
  let count = 0;
  for (let hit = text.indexOf(anchor, at); hit >= 0; hit = text.indexOf(anchor, hit + 1))
    if (at === 0 || text.startsWith(before, hit - at)) count++;
  return count;
}

/** Each declared text's search (kept per list of rules). */
const searches = new WeakMap<readonly PlaceholderRule[], Search[]>();

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
  const overlap = Math.max('"sample"'.length, ...forms.map(({ form }) => form.length));
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
function screenWindow(text: string, placeholders: readonly PlaceholderRule[], forms: Search[]): TextScreen | undefined {
  if (text.includes("\\u") || text.includes("\\/")) return undefined;
  const partCounts = new Map<PlaceholderRule, number>();
  placeholders.forEach((rule, i) => {
    if (rule.match === "whole") return;
    const count = countOf(text, forms[i]);
    if (count > 0) partCounts.set(rule, count);
  });
  const refused = mayHoldRefused(text, isAscii(text));
  const found = placeholders.filter((rule) => rule.match === "whole" || partCounts.has(rule));
  return {
    refused,
    markup: text.includes("<"),
    placeholders: found,
    // A document walked for a refused character or a placeholder has each entry's "sample" looked
    // at on the way (string-checks.ts): the text is searched for it only when nothing else is
    // looked for (a site that declares a placeholder whole has every document walked).
    sample: refused || found.length > 0 || holdsSampleKey(text),
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
