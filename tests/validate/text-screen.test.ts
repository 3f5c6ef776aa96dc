import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPlaceholders } from "../../src/validation/placeholders";
import { stringProblems } from "../../src/validation/string-checks";
import { screenText, unscreened } from "../../src/validation/text-screen";

const siteRoot = path.resolve(import.meta.dirname, "../../site-config");
const rules = readPlaceholders(siteRoot, (file) => readFileSync(file, "utf8"));

/** What the string checks find in a JSON text, screened by the text and searched in full. */
function both(text: string) {
  const data = JSON.parse(text);
  const html = new Set(["/html"]);
  return {
    screened: stringProblems(data, screenText(text, rules), html),
    full: stringProblems(data, unscreened(rules), html),
  };
}

const found = (problems: ReturnType<typeof stringProblems>) =>
  Object.values(problems)
    .flat()
    .map((p) => `${p.name} ${p.pointer}`);

describe("the string checks' look at a file's text", () => {
  it("finds what a full search finds, however the text writes it", () => {
    const texts: [string, string[]][] = [
      ['{"a": "clean text", "html": "<b>bold</b>"}', []],
      ['{"title": "escaped \\u001b control"}', ["RefusedCharacter /title"]],
      ['{"title": "a carriage\\rreturn"}', ["RefusedCharacter /title"]],
      ['{"title": "a form\\ffeed and a back\\bspace"}', ["RefusedCharacter /title"]],
      ['{"title": "delete \u007f here"}', ["RefusedCharacter /title"]],
      ['{"title": "bidi \u202e override"}', ["RefusedCharacter /title"]],
      ['{"url": "https:\\/\\/www.facebook.com\\/"}', ["Placeholder /url"]],
      ['{"url": "https://www.facebook.com/"}', ["Placeholder /url"]],
      ['{"name": "Sample Multi-Specialty Hospitals \\"quoted\\""}', ["Placeholder /name"]],
      ['{"name": "Sample \\u004dulti-Specialty Hospitals"}', ["Placeholder /name"]],
      ['{"doctors": [{"name": "Dr A", "sample": true}]}', ["SampleEntry /doctors/0/sample"]],
      ['{"doctors": [{"name": "Dr example", "sample": true}]}', ["SampleEntry /doctors/0/sample"]],
      [
        '{"url": "https://hospitals.example/a", "hospitals.example": ["hospitals.example and hospitals.example", "x"], "z": "at hospitals.example"}',
        ["Placeholder /url", "Placeholder /hospitals.example/0", "Placeholder /z"],
      ],
      [
        '{"note": "an example: x", "hours": "9 to 5 (sample hours: confirm before publishing)", "b": "example"}',
        ["Placeholder /hours"],
      ],
      ['{"blocks": [{"intro": "a <b>tag</b>"}], "html": "<b>fine</b>"}', ["MarkupInPlainText /blocks/0/intro"]],
      ['{"blocks": [{"intro": "a \\u003cb>tag\\u003c/b>"}]}', ["MarkupInPlainText /blocks/0/intro"]],
    ];
    for (const [text, expected] of texts) {
      const { screened, full } = both(text);
      expect({ text, found: found(screened) }).toEqual({ text, found: expected });
      expect(screened).toEqual(full);
    }
  });

  it("counts a declared part exactly, and looks for sample entries when nothing else is looked for", () => {
    const part = rules.find((rule) => rule.text === "hospitals.example");
    const text = '{"a": "an example", "b": "https://hospitals.example/x", "c": "hospitals.examples"}';
    expect(part && screenText(text, [part]).partCounts?.get(part)).toBe(2);
    expect(screenText('{"doctors": [{"name": "Dr A", "sample": true}]}', []).sample).toBe(true);
    expect(screenText('{"doctors": [{"name": "Dr A example"}]}', []).sample).toBe(false);
  });

  it("finds what is cut in two where a long text's windows meet", () => {
    const window = 1 << 16;
    for (const [value, expected] of [
      ["a Sample address line", "Placeholder"],
      ["a carriage\\rreturn", "RefusedCharacter"],
      ["a \\u001b escape", "RefusedCharacter"],
    ]) {
      const before = '{"pad": "';
      for (let shift = 0; shift < 24; shift++) {
        const padding = "x".repeat(window - before.length - 4 - shift);
        const text = `${before}${padding} ${"y".repeat(window * 2)}", "late": "${"z".repeat(window * 2 + shift)}", "name": "${value}"}`;
        const cut = `${before}${padding}", "name": "${value}", "pad2": "${"y".repeat(window * 3)}"}`;
        for (const long of [text, cut]) {
          const { screened, full } = both(long);
          expect({ shift, found: found(screened) }).toEqual({ shift, found: [`${expected} /name`] });
          expect(screened).toEqual(full);
        }
      }
    }
  });

  it("finds what a full search finds in every file of the site", () => {
    const files = (readdirSync(siteRoot, { recursive: true }) as string[]).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const { screened, full } = both(readFileSync(path.join(siteRoot, file), "utf8"));
      expect({ file, screened }).toEqual({ file, screened: full });
    }
  });
});
