/**
 * The build's config check after a few files changed: checked over the files the change can
 * affect against what the last check kept, or, when the change reaches further, over the whole
 * site; either way the report a check with nothing kept gives.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkConfig } from "../../src/build/check-config";
import { splitCollection } from "../../src/build/collection-storage";
import type { FileStamp } from "../../src/build/inputs";
import { removeSites, siteWith } from "../validate/helpers";

afterAll(removeSites);

describe("the build's config check after a change", () => {
  const dir = siteWith();
  const collection = path.join(dir, "site-config/collections/cardiology-sub-departments.json");
  splitCollection(collection);
  const folder = collection.replace(/\.json$/, "");
  const cache = mkdtempSync(path.join(tmpdir(), "check-changes-"));
  const input = { root: dir, cache, codeKey: "code", reuse: true, colour: false };
  /** The last check's stamps, as the build's state hands them to the next check. */
  let stamps: Record<string, FileStamp> = {};
  /** The check as the build runs it, keeping its results; and a check with nothing kept. */
  const check = () => {
    const { result, keep } = checkConfig({ ...input, stamps });
    keep();
    stamps = result.stamps;
    const whole = checkConfig({ ...input, reuse: false }).result;
    expect({ ...result, checked: 0, across: undefined }).toEqual({ ...whole, checked: 0 });
    return result;
  };
  const edit = (slug: string, change: (item: Record<string, unknown>) => void) => {
    const file = path.join(folder, `${slug}.json`);
    const item = JSON.parse(readFileSync(file, "utf8"));
    change(item);
    writeFileSync(file, `${JSON.stringify(item, null, 2)}\n`);
  };
  check();

  it("with nothing changed, reads and checks no file again", () => {
    expect(check()).toMatchObject({ checked: 0, across: 0 });
  });

  it("finds a browser title made the same as another treatment's, and clears it when it differs again", () => {
    // The later treatment is told it shares the title of the earlier one, which changed.
    edit("angiography", (t) => {
      t.meta_title = "Heart Failure Treatment in Hyderabad";
    });
    const shared = check();
    // The changed treatment and the one now sharing its title, not the whole site.
    expect(shared).toMatchObject({ checked: 1, across: 2 });
    expect(shared.text).toContain("site-config/collections/cardiology-sub-departments/heart-failure.json");
    expect(shared.text).toContain("Heart Failure Treatment in Hyderabad");
    // Its name changed: the other treatment's problem names it by its new name.
    edit("angiography", (t) => {
      t.name = "Coronary Angiogram";
    });
    const renamed = check();
    expect(renamed).toMatchObject({ checked: 1, across: 2 });
    expect(renamed.text).toContain(
      "'Coronary Angiogram' (site-config/collections/cardiology-sub-departments/angiography.json",
    );
    edit("angiography", (t) => {
      t.meta_title = "Coronary Angiography in Hyderabad";
      t.name = "Coronary Angiography";
    });
    const cleared = check();
    expect(cleared).toMatchObject({ checked: 1, across: 2 });
    expect(cleared.text).not.toContain("Heart Failure Treatment in Hyderabad");
  });

  it("finds a slug made the same as another treatment's, and clears it when it differs again", () => {
    edit("heart-failure", (t) => {
      t.slug = "angiography";
    });
    // A slug reaches other files (links, addresses): the whole site is checked.
    const clash = check();
    expect(clash.across).toBeUndefined();
    expect(clash.errors).toBeGreaterThan(0);
    edit("heart-failure", (t) => {
      t.slug = "heart-failure";
    });
    expect(check()).toMatchObject({ errors: 0, across: undefined });
  });
});
