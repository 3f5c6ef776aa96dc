/**
 * The checks every text of a file gets, by the kind of its field: any string, the text rule
 * (src/shared/text/text-rule.ts: no control characters, bidi controls, lone surrogates or
 * noncharacters); a plain-text field's text, a warning when it holds what looks like a tag, since
 * it is shown as typed. An HTML field (`x-html` in its schema) gets the sanitiser's check instead
 * (ajv.ts), in English and, by its English field, in every translation (translations.ts).
 */
import type { KeyedText } from "../shared/i18n/keys";
import { documentTexts } from "../shared/i18n/texts";
import { refusedCharacters } from "../shared/text/text-rule";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { FoundCharacter } from "./catalogue/text";
import { childPointer, type UnplacedProblem } from "./problem";

/** What kind of character a refused one is, in words. */
function kindOf(code: string): string {
  const point = Number.parseInt(code.slice(2), 16);
  if (point >= 0xd800 && point <= 0xdfff) return "half of a character, a lone surrogate, which no page can show";
  if ((point & 0xfffe) === 0xfffe || (point >= 0xfdd0 && point <= 0xfdef)) return "a noncharacter, never text";
  if (point === 0x061c || point === 0x200e || point === 0x200f || point >= 0x2000)
    return "a bidi control, which changes the order the text reads in";
  return "a control character";
}

/** The refused characters of one text, as the message names them. */
function found(text: string): FoundCharacter[] {
  return refusedCharacters(text).map(({ index, code }) => ({
    code,
    what: kindOf(code),
    at: [...text.slice(0, index)].length + 1,
  }));
}

/**
 * The text rule over every string of a document (keys aside), each with its pointer (made only
 * for a string that breaks the rule: most break none).
 */
export function textRuleProblems(data: unknown, pointer = ""): UnplacedProblem[] {
  const problems: UnplacedProblem[] = [];
  const walk = (value: unknown, at: () => string) => {
    if (typeof value === "string") {
      const characters = found(value);
      if (characters.length > 0) problems.push(problem(say.RefusedCharacter, at(), characters));
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i], () => childPointer(at(), i));
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) walk(child, () => childPointer(at(), key));
    }
  };
  walk(data, () => pointer);
  return problems;
}

/** The first thing in a text that a reader would take for a tag: `<b>`, `</a>`, `<br/>`. */
export const markupIn = (text: string) => /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/.exec(text)?.[0];

/** Warnings for the plain-text texts of an English file (`html`: pointers of its HTML fields). */
export function plainTextProblems(data: unknown, html: readonly string[]): UnplacedProblem[] {
  const isHtml = new Set(html);
  // Only a text that holds markup outside an HTML field is asked whether it is a text a reader sees.
  const suspect = (text: KeyedText) => markupIn(text.value) !== undefined && !isHtml.has(text.pointer);
  return documentTexts(data, suspect).map((text) =>
    problem(say.MarkupInPlainText, text.pointer, markupIn(text.value) as string),
  );
}
