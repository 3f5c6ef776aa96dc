/**
 * One mistake, one message: a treatment given another's slug makes every key of its collection's
 * translations name no text (entries are keyed by slug). Those follow from the duplicate, so they
 * are folded under it, on the real site with its Telugu and Hindi translations.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, repoRoot, validate } from "./helpers";

const collection = "site-config/collections/cardiology-sub-departments.json";
let dir: string;
let run: CliRun;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "validate-duplicate-"));
  cpSync(path.join(repoRoot, "site-config"), path.join(dir, "site-config"), { recursive: true });
  for (const shared of ["schemas", "public"]) symlinkSync(path.join(repoRoot, shared), path.join(dir, shared), "dir");
  const file = path.join(dir, collection);
  const data = JSON.parse(readFileSync(file, "utf8"));
  data.sub_departments[1].slug = data.sub_departments[0].slug;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  run = await validate(["--root", "site-config"], dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("validate CLI on a duplicated treatment slug", () => {
  it("reports the duplicate once, with the translations it breaks folded under it", () => {
    const slug = JSON.parse(readFileSync(path.join(repoRoot, collection), "utf8")).sub_departments[0].slug;
    expect(run.stdout).toContain(
      `  error: Expected every slug in this file to be different, but '${slug}' is already the slug at /sub_departments/0/slug. Change one of them.`,
    );
    for (const lang of ["hi", "te"])
      expect(run.stdout).toMatch(
        new RegExp(
          `  follow-on: \\d+ translated texts in site-config/i18n/${lang}/collections/cardiology-sub-departments\\.json \\(lines \\d+–\\d+\\)`,
        ),
      );
    expect(run.stdout).not.toContain("names no text of");
    expect(run.stdout).toMatch(/\n2 errors \(and \d+ follow-on errors under them\)/);
  });
});
