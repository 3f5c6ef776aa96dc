import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, siteWith, validate } from "./helpers";

// Invisible characters and markup in plain-text fields (tests/fixtures/validate/text-mistakes/).
describe("validate CLI on the text rule", () => {
  let run: CliRun;
  const hint =
    "  hint: Tabs and line breaks are fine; control characters, bidi controls (U+202A-U+202E, U+2066-U+2069), lone surrogates and noncharacters (U+FFFE, U+FFFF) are not.";

  beforeAll(async () => {
    run = await validate(["--root", "site-config", "--verbose"], siteWith("text-mistakes"));
  });
  afterAll(removeSites);

  it("refuses control characters, bidi controls, noncharacters and lone surrogates, naming file, line and pointer", () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:5:14 -> /meta/title",
        "  error: Expected text a reader can see, but found U+0001 (a control character) at character 15. Delete it (retype the text around it if your editor does not show it): the page's heading, its title and its link-preview card would carry it.",
        hint,
      ),
    );
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:11:15 -> /blocks/0/text",
        "  error: Expected text a reader can see, but found U+000B (a control character) at character 5, U+007F (a control character) at character 12, U+FFFE (a noncharacter, never text) at character 16 and 1 more. Delete them (retype the text around them if your editor does not show them): the page's heading, its title and its link-preview card would carry them.",
      ),
    );
    expect(run.stdout).toContain(
      "  error: Expected text a reader can see, but found U+D800 (half of a character, a lone surrogate, which no page can show) at character 9.",
    );
    // A tab and a line break are text.
    expect(run.stdout).toMatch(/\n3 errors and 1 warning in 1 of 14 files\.\n$/);
  });

  it("warns that a plain-text field shows markup as typed", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:13:16 -> /blocks/0/intro",
        "  warning: This field shows text as written: '<b>' will appear as typed, not as formatting. Remove the tag, or write the text without it.",
        "  hint: Only fields described as 'Text with inline formatting' take tags such as <b> and <a href>.",
      ),
    );
  });
});
