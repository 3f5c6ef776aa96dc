import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, siteWith, validate } from "./helpers";

// Content HTML that sanitising would change (tests/fixtures/validate/html-mistakes/): the validator
// names what would be removed or re-balanced, with file, line, column and pointer.
describe("validate CLI on content HTML", () => {
  let run: CliRun;
  const allowed =
    "  hint: Allowed: <strong>, <b>, <em>, <i>, <u>, <br>, <span>, <small>, <sup>, <sub> and <a href> to https:, mailto:, tel: or '/' addresses.";

  beforeAll(async () => {
    run = await validate(["--root", "site-config"], siteWith("html-mistakes"));
  });
  afterAll(removeSites);

  it("refuses the six strings that would not render as written, and only those", () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/\n6 errors in 1 of 14 files\.\n$/);
  });

  it("refuses an unclosed link, which would turn the rest of the page into links", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:18:9 -> /blocks/1/paragraphs/0",
        "  error: Expected item 1 of 'paragraphs' to use only safe inline HTML, but the tag <a> is never closed (add </a>).",
        allowed,
      ),
    );
  });

  it("refuses an unclosed bold and overlapping tags", () => {
    expect(run.stdout).toContain(
      "  error: Expected item 2 of 'paragraphs' to use only safe inline HTML, but the tag <b> is never closed (add </b>).",
    );
    expect(run.stdout).toContain(
      "  error: Expected item 6 of 'paragraphs' to use only safe inline HTML, but the tag <i> is still open when </b> closes <b> around it (close tags in the reverse order they were opened).",
    );
  });

  it("refuses '//' and backslash addresses, naming both", () => {
    expect(run.stdout).toContain(
      "  error: Expected item 3 of 'paragraphs' to use only safe inline HTML, but the link address '//evil.example/' is not allowed: an address that starts with '//' or holds '\\' leads to another site (write it out in full, starting with https://) and the link address '/\\evil.example/' is not allowed: an address that starts with '//' or holds '\\' leads to another site (write it out in full, starting with https://).",
    );
  });

  it("refuses a comment that a browser ends at '--!>', and what it hid", () => {
    expect(run.stdout).toContain(
      "  error: Expected item 4 of 'paragraphs' to use only safe inline HTML, but a comment (<!-- ... -->) is not allowed and the tag <img> is not allowed.",
    );
  });

  it("refuses rel=opener", () => {
    expect(run.stdout).toContain(
      `  error: Expected item 5 of 'paragraphs' to use only safe inline HTML, but rel="opener" on <a> is not allowed (it would let the opened page control this one).`,
    );
  });

  it("accepts an off-site https link without rel, '&amp;', upper-case tags and <br/>: they render as written", () => {
    expect(run.stdout).not.toContain("/blocks/1/paragraphs/6");
  });
});
