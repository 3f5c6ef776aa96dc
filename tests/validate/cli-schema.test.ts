import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, repoRoot, siteWith, validate } from "./helpers";

// One site with a mistake of each kind the schemas catch (tests/fixtures/validate/schema-mistakes/).
describe("validate CLI", () => {
  let run: CliRun;

  beforeAll(async () => {
    run = await validate(["--root", "site-config"], siteWith("schema-mistakes"));
  });
  afterAll(removeSites);

  it("exits 1 and counts every schema error", () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/\n9 errors in 2 of 14 files\.\n$/);
  });

  it("names file, line and pointer for a missing h2", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:15:22 -> /sub_departments/0/content/sections/0",
        "  error: Expected the property 'h2' (the heading of this section), but this section has none.",
        "  hint: see schemas/collection.schema.json",
      ),
    );
  });

  it("says what a slug looks like and what it found instead", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:19:15 -> /sub_departments/1/slug",
        "  error: Expected 'slug' to be lower-case letters, digits and single hyphens, such as 'total-knee-replacement', but found 'Total Knee'.",
        "  hint: see schemas/defs.schema.json",
      ),
    );
  });

  it("names the type it expected and what it found", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:20:15 -> /sub_departments/1/name",
        "  error: Expected 'name' to be text, but found a list of 1 item.",
        "  hint: see schemas/collection.schema.json",
      ),
    );
  });

  it("reports a wrong type once, with the allowed values", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:12:16 -> /blocks/0/level",
        "  error: Expected 'level' to be one of 1, 2 or 3, but found the text '1'.",
        "  hint: see schemas/blocks/heading.schema.json",
      ),
    );
  });

  it("suggests the property a typo meant", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:13:7 -> /blocks/0/intor",
        "  error: Found the property 'intor', which this heading block does not take; did you mean 'intro'?",
      ),
    );
  });

  it("merges an unknown block type into one sentence listing the types", () => {
    const schema = JSON.parse(readFileSync(path.join(repoRoot, "schemas/blocks/block.schema.json"), "utf8"));
    const types: string[] = schema.properties.type.enum;
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:15:15 -> /blocks/1/type",
        `  error: Unknown block type 'heroo'. Did you mean 'hero'? Use one of: ${types.join(", ")}.`,
        "  hint: see schemas/blocks/block.schema.json",
      ),
    );
  });

  it("refuses a script tag, an event handler and a javascript: link, naming the field", () => {
    const allowed =
      "  hint: Allowed: <strong>, <b>, <em>, <i>, <u>, <br>, <span>, <small>, <sup>, <sub> and <a href> to https:, mailto:, tel: or '/' addresses.";
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:19:9 -> /blocks/2/paragraphs/0",
        "  error: Expected item 1 of 'paragraphs' to use only safe inline HTML, but the tag <script> is not allowed.",
        allowed,
        "",
        "site-config/pages/home.json:20:9 -> /blocks/2/paragraphs/1",
        "  error: Expected item 2 of 'paragraphs' to use only safe inline HTML, but the link address 'javascript:alert(1)' is not allowed (use https:, mailto:, tel: or a path starting with '/') and the event handler attribute 'onclick' on <a> is not allowed.",
        allowed,
      ),
    );
  });

  it("says once that a link needs a route, an href or an action", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:26:17 -> /blocks/3/button",
        "  error: Expected this link to have one of 'route', 'href' or 'action', but it has none.",
        "  hint: see schemas/defs.schema.json",
      ),
    );
  });
});
