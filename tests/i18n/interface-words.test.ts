import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blockWordSections, prerenderWordSections } from "../../src/shared/i18n/interface-sections";
import { blockWords } from "../../src/site/config/block-words";
import { interfaceWords } from "../../src/site/config/interface-words";

const root = path.resolve(import.meta.dirname, "../..");
const schema = JSON.parse(readFileSync(path.join(root, "schemas/interface.schema.json"), "utf8")) as {
  required: string[];
};
const queryOf = (file: string, part: string) =>
  new RegExp(`\\?${part}=([\\w,]+)`).exec(readFileSync(path.join(root, file), "utf8"))?.[1].split(",");

describe("interface words in two parts", () => {
  it("gives the blocks' sections to the blocks' module, with their messages, and the rest to the app", () => {
    expect(queryOf("src/site/config/block-words.ts", "pick")).toEqual([...blockWordSections]);
    expect(queryOf("src/site/i18n/block-words.ts", "asts")).toEqual([...blockWordSections]);
    expect(Object.keys(blockWords)).toEqual([...blockWordSections]);
    expect(queryOf("src/site/i18n/prerender-words.ts", "pick")).toEqual([...prerenderWordSections]);
    expect(queryOf("src/site/i18n/prerender-words.ts", "asts")).toEqual([...prerenderWordSections]);
    // Every section of the file is in exactly one part.
    const parts = [...Object.keys(interfaceWords), ...Object.keys(blockWords), ...prerenderWordSections];
    expect(parts.sort()).toEqual([...schema.required].sort());
  });
});
