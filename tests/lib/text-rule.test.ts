/** The text rule's characters, past its quick first look (src/shared/text/text-rule.ts). */
import { describe, expect, it } from "vitest";
import { refusedCharacters } from "../../src/shared/text/text-rule";

describe("the text rule", () => {
  it("passes letters of every script and emoji, tabs, and line feeds where a text may have them", () => {
    expect(refusedCharacters("Knee 🦵 మోకాలి घुटना\tone\ntwo")).toEqual([]);
    expect(refusedCharacters("one\ntwo", false)).toEqual([{ index: 3, code: "U+000A" }]);
  });

  it("finds noncharacters beyond the first plane, lone surrogates and bidi controls", () => {
    expect(refusedCharacters("a\u{1fffe}b\ud800c\u202e")).toEqual([
      { index: 1, code: "U+1FFFE" },
      { index: 4, code: "U+D800" },
      { index: 6, code: "U+202E" },
    ]);
  });
});
