/**
 * The text rule: which characters no text of the site, no lead and no line an operator reads may
 * hold. One rule, used everywhere: the validator refuses them in content (with file, line and
 * pointer), the relay strips them from leads, and the leads CLI and the relay's logs show them as
 * visible escapes (`\u001b`), so nothing a visitor or a CRM sends can set a terminal's title,
 * clear it or colour it.
 *
 * Refused: C0 controls but tab and line feed (a line feed only where a field is multi-line), DEL
 * and the C1 controls (U+0080-U+009F, whose CSI starts terminal sequences on some terminals), the
 * bidi controls (U+202E makes `gpj.exe` read `exe.jpg`), lone surrogates (not text at all: no
 * encoder can write them) and noncharacters (U+FFFE, U+FDD0...: reserved, never text).
 */

/** Noncharacters in the supplementary planes: the last two code points of each. */
const planeEnds = Array.from(
  { length: 16 },
  (_, i) => `\\u{${(i + 1).toString(16)}fffe}\\u{${(i + 1).toString(16)}ffff}`,
).join("");

/** The refused characters but line feed (see the module comment). */
const refusedSource =
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069" +
  `\\ufdd0-\\ufdef\\ufffe\\uffff${planeEnds}\\p{Surrogate}]`;

/** Every refused character, and also line feed (for single-line text). */
const refusedInLine = new RegExp(`${refusedSource}|\\n`, "gu");
const refusedInText = new RegExp(refusedSource, "gu");
/**
 * A quick first look, without the unicode flag: the same characters, and any surrogate (a
 * supplementary noncharacter is a pair of them). Most texts hold none, and are passed after one
 * test instead of a unicode search (a third of the validator's time on 10,000 treatment files).
 */
const quickSource =
  "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\ufdd0-\\ufdef\\ufffe\\uffff\\ud800-\\udfff";
const mayBeRefusedInText = new RegExp(`[${quickSource}]`);
const mayBeRefusedInLine = new RegExp(`[${quickSource}\\n]`);

/** A refused character and where it is in the text. */
export interface RefusedCharacter {
  /** Its index in the string (UTF-16 units). */
  index: number;
  /** The character, as `U+001B`. */
  code: string;
}

/** How a character is written when shown: `U+001B`. */
export const codeOf = (character: string) =>
  `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * The characters of `text` the rule refuses, in order. `multiline` lets line feeds through (a
 * description, a message); tab always is.
 */
export function refusedCharacters(text: string, multiline = true): RefusedCharacter[] {
  const found: RefusedCharacter[] = [];
  if (!(multiline ? mayBeRefusedInText : mayBeRefusedInLine).test(text)) return found;
  for (const match of text.matchAll(multiline ? refusedInText : refusedInLine))
    found.push({ index: match.index, code: codeOf(match[0]) });
  return found;
}

/** `text` without the characters the rule refuses (`multiline`: line feeds stay). */
export function withoutRefused(text: string, multiline = true): string {
  return text.replace(multiline ? refusedInText : refusedInLine, "");
}

/**
 * `text` as a terminal or a log line may show it: every refused character, line feeds and tabs too,
 * written as a visible escape (`\u001b`), so what is printed is exactly what can be read.
 */
export function printable(text: string): string {
  return text.replace(refusedInLine, escaped).replace(/\t/g, "\\t");
}

/** A character as JavaScript or JSON would escape it: `\u001b`, `\u{1fffe}`. */
export function escaped(character: string): string {
  const point = character.codePointAt(0) as number;
  return point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${point.toString(16).padStart(4, "0")}`;
}
