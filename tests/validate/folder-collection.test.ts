/**
 * A collection stored as a folder (one file per treatment page, `npm run collection -- split`)
 * validates like one file, and each mistake is reported in the file that holds it, at its line.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { type CliRun, removeSites, siteWith, validate } from "./helpers";

const folder = "site-config/collections/cardiology-sub-departments";

describe("validate on a collection stored as a folder", () => {
  let valid: CliRun;
  let broken: CliRun;

  beforeAll(async () => {
    const good = siteWith();
    splitCollection(path.join(good, "site-config/collections/cardiology-sub-departments.json"));

    const bad = siteWith();
    splitCollection(path.join(bad, "site-config/collections/cardiology-sub-departments.json"));
    // The second treatment's name is a number (line 4 of its file, after "$schema" and the slug) and its page address is not a path (line 5).
    const file = path.join(bad, folder, "angiography.json");
    const item = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, `${JSON.stringify({ ...item, name: 42, url: "specialities cardiology" }, null, 2)}\n`);
    // A file renamed without its slug.
    renameSync(path.join(bad, folder, "heart-failure.json"), path.join(bad, folder, "heart-failure-old.json"));
    [valid, broken] = await Promise.all([
      validate(["--root", "site-config"], good),
      validate(["--root", "site-config"], bad),
    ]);
  });
  afterAll(removeSites);

  it("passes when the folder holds what the file held", () => {
    expect(valid.stdout).toMatch(/All \d+ files are valid/);
    expect(valid.code).toBe(0);
  });

  it("points at the treatment's own file and line", () => {
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(new RegExp(`${folder}/angiography\\.json:4:\\d+ -> /name\\n`));
    expect(broken.stdout).toMatch(new RegExp(`${folder}/angiography\\.json:5:\\d+ -> /url\\n`));
  });

  it("says a file must be named after its slug", () => {
    expect(broken.stdout).toMatch(new RegExp(`${folder}/heart-failure-old\\.json:\\d+:\\d+ -> /slug\\n`));
    expect(broken.stdout).toContain(
      "Expected the slug to be the file's name, 'heart-failure-old', but found 'heart-failure'.",
    );
  });

  it("refuses a collection stored both ways", async () => {
    const both = siteWith();
    const file = path.join(both, "site-config/collections/cardiology-sub-departments.json");
    const text = readFileSync(file, "utf8");
    splitCollection(file);
    writeFileSync(file, text);
    const run = await validate(["--root", "site-config"], both);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("but both site-config/collections/cardiology-sub-departments.json and the folder");
    rmSync(both, { recursive: true, force: true });
  });
});
