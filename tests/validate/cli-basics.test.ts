import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, repoRoot, siteWith, validate } from "./helpers";

const root = ["--root", "site-config"];
const jsonHint =
  "  hint: JSON needs double quotes around names and text, a comma between items and none after the last, and no comments.";

describe("validate CLI", () => {
  let valid: CliRun;
  let real: CliRun;
  let syntax: CliRun;
  let schemaless: CliRun;
  let json: CliRun;
  let unknownOption: CliRun;
  let missingPath: CliRun;

  beforeAll(async () => {
    [valid, real, syntax, schemaless, json, unknownOption, missingPath] = await Promise.all([
      validate(root, siteWith()),
      validate([], repoRoot),
      validate(root, siteWith("syntax-error")),
      validate(root, siteWith("missing-schema")),
      validate([...root, "--format", "json"], siteWith("syntax-error")),
      validate([...root, "--fromat", "json"], siteWith()),
      validate([...root, "site-config/pages/nowhere.json"], siteWith()),
    ]);
  });
  afterAll(removeSites);

  it("exits 0 and says so for a valid site", () => {
    expect(valid).toEqual({ code: 0, stdout: "All 14 files are valid.\n", stderr: "" });
  });

  it("accepts the real site-config/", () => {
    expect(real.stderr).toBe("");
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/^All \d+ files are valid(, with \d+ warnings? in \d+ files?)?\.$/m);
  });

  it("names file, line and column of each JSON syntax error, in words", () => {
    expect(syntax.code).toBe(1);
    expect(syntax.stdout).toBe(
      lines(
        "site-config/collections/cardiology.presentation.json:6:1",
        "  error: Expected another property after the comma, but found '}'. JSON allows no comma after the last property.",
        jsonHint,
        "",
        "site-config/pages/home.json:4:3",
        "  error: Expected ',' or '}' after a property's value, but found '\"meta\"'. Is a comma missing?",
        jsonHint,
        "",
        "2 errors in 2 of 14 files.\n",
      ),
    );
  });

  it("says how to fix a missing or wrong $schema", () => {
    expect(schemaless.code).toBe(1);
    expect(schemaless.stdout).toBe(
      lines(
        "site-config/pages/thank-you.json:1:1",
        '  error: Expected a "$schema" property naming this file\'s schema, but there is none. Add "$schema": "../../schemas/page.schema.json" as the first property.',
        "  hint: Every config file names its schema, so editors autocomplete it and the validator knows what kind of file it is.",
        "",
        "site-config/specialities.json:2:14 -> /$schema",
        '  error: Expected "$schema" to be the path from this file to a schema in schemas/, but found \'../schema/specialities.schema.json\', which does not exist. Use "../schemas/specialities.schema.json".',
        '  hint: The path is relative to the file, as editors read it: a file in site-config/pages/ uses "../../schemas/page.schema.json".',
        "",
        "2 errors in 2 of 14 files.\n",
      ),
    );
  });

  it("prints one JSON object with --format json", () => {
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.files).toBe(14);
    expect(report.errors[1]).toEqual({
      file: "site-config/pages/home.json",
      line: 4,
      column: 3,
      pointer: "",
      name: "JsonSyntax",
      message: "Expected ',' or '}' after a property's value, but found '\"meta\"'. Is a comma missing?",
      hint: jsonHint.replace("  hint: ", ""),
      severity: "error",
    });
    expect(report.summary).toEqual({
      valid: false,
      publish: false,
      followOns: 0,
      errors: 2,
      warnings: 0,
      filesWithProblems: 2,
      text: "2 errors in 2 of 14 files.",
    });
  });

  it("exits 2 for an unknown option, suggesting the right one", () => {
    expect(unknownOption).toEqual({
      code: 2,
      stdout: "",
      stderr: lines(
        "validate: Unknown option '--fromat'; did you mean '--format'?",
        "Run 'npm run validate -- --help' to see the options.\n",
      ),
    });
  });

  it("exits 2 for a path that does not exist", () => {
    expect(missingPath.code).toBe(2);
    expect(missingPath.stderr).toMatch(/^validate: There is no file or folder 'site-config\/pages\/nowhere.json'.\n/);
  });
});
