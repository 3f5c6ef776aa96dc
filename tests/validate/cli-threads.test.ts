import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, removeSites, siteWith, validate } from "./helpers";

// Large sites are checked by two threads sharing chunks of files (src/validation/helper.ts).
// The report must not depend on which thread checked which file.
describe("validate CLI", () => {
  let twoThreads: CliRun;
  let oneThread: CliRun;

  beforeAll(async () => {
    const site = siteWith("reference-mistakes");
    const collections = path.join(site, "site-config/collections");
    const model = readFileSync(path.join(collections, "cardiology-sub-departments.json"), "utf8");
    // 300 more collections, every 37th with a duplicate slug, spread over many chunks.
    for (let i = 0; i < 300; i++) {
      const text =
        i % 37 === 0
          ? model
          : model.replace(
              '"slug": "heart-failure",\n      "name": "Coronary',
              '"slug": "angiography",\n      "name": "Coronary',
            );
      writeFileSync(path.join(collections, `copy-${String(i).padStart(3, "0")}-sub-departments.json`), text);
    }
    [twoThreads, oneThread] = await Promise.all([
      validate(["--root", "site-config"], site, { VALIDATE_THREADS: "2" }),
      validate(["--root", "site-config"], site, { VALIDATE_THREADS: "1" }),
    ]);
  }, 30_000);
  afterAll(removeSites);

  it("gives the same report with a helper thread as without", () => {
    expect(oneThread.code).toBe(1);
    expect(oneThread.stdout).toMatch(/\n\d+ errors in \d+ of 314 files\.\n$/);
    expect(oneThread.stdout).toContain(
      "site-config/collections/copy-296-sub-departments.json:17:15 -> /sub_departments/1/slug",
    );
    expect(twoThreads).toEqual(oneThread);
  });
});
