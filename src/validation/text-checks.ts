/**
 * The checks every text of a file gets, by the kind of its field: any string, the text rule
 * (src/shared/text/text-rule.ts: no control characters, bidi controls, lone surrogates or
 * noncharacters); a plain-text field's text, a warning when it holds what looks like a tag, since
 * it is shown as typed. An HTML field (`x-html` in its schema) gets the sanitiser's check instead
 * (ajv.ts), in English and, by its English field, in every translation (translations.ts).
 * string-checks.ts runs them over a document's strings.
 */
import { refusedCharacters } from "../shared/text/text-rule";
import type { FoundCharacter } from "./catalogue/text";

/** What kind of character a refused one is, in words. */
function kindOf(code: string): string {
  const point = Number.parseInt(code.slice(2), 16);
  if (point >= 0xd800 && point <= 0xdfff) return "half of a character, a lone surrogate, which no page can show";
  if ((point & 0xfffe) === 0xfffe || (point >= 0xfdd0 && point <= 0xfdef)) return "a noncharacter, never text";
  if (point === 0x061c || point === 0x200e || point === 0x200f || point >= 0x2000)
    return "a bidi control, which changes the order the text reads in";
  return "a control character";
}

/** The refused characters of one text, as the message names them (none in most texts). */
export function refusedIn(text: string): FoundCharacter[] {
  return refusedCharacters(text).map(({ index, code }) => ({
    code,
    what: kindOf(code),
    at: [...text.slice(0, index)].length + 1,
  }));
}

/** The first thing in a text that a reader would take for a tag: `<b>`, `</a>`, `<br/>`. */
export const markupIn = (text: string) => /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/.exec(text)?.[0];
