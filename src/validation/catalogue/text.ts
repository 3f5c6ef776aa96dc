/** The text rule (src/shared/text/text-rule.ts) and plain text against HTML: what the validator says. */

import { list } from "../words";
import { entry } from "./entry";

/** One refused character as a message names it: `U+202E (a bidi control…) at character 14`. */
export interface FoundCharacter {
  code: string;
  /** What kind of character it is, in words. */
  what: string;
  /** 1-based, in characters as a person counts them (code points). */
  at: number;
}

export const RefusedCharacter = entry({
  name: "RefusedCharacter",
  title: "A text holds an invisible or broken character.",
  severity: "error",
  message: (found: FoundCharacter[]) =>
    `Expected text a reader can see, but found ${list(
      [
        ...found.slice(0, 3).map((f) => `${f.code} (${f.what}) at character ${f.at}`),
        ...(found.length > 3 ? [`${found.length - 3} more`] : []),
      ],
      "and",
    )}. Delete ${found.length === 1 ? "it" : "them"} (retype the text around ${found.length === 1 ? "it" : "them"} if your editor does not show ${found.length === 1 ? "it" : "them"}): the page's heading, its title and its link-preview card would carry ${found.length === 1 ? "it" : "them"}.`,
  hint: "Tabs and line breaks are fine; control characters, bidi controls (U+202A-U+202E, U+2066-U+2069), lone surrogates and noncharacters (U+FFFE, U+FFFF) are not.",
});

export const MarkupInPlainText = entry({
  name: "MarkupInPlainText",
  title: "A plain-text field holds what looks like markup.",
  severity: "warning",
  message: (tag: string) =>
    `This field shows text as written: '${tag}' will appear as typed, not as formatting. Remove the tag, or write the text without it.`,
  hint: "Only fields described as 'Text with inline formatting' take tags such as <b> and <a href>.",
  summary: (count) =>
    count === 1
      ? "1 plain-text field holds what looks like markup"
      : `${count} plain-text fields hold what looks like markup`,
});
