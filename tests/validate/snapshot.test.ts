/**
 * A kept snapshot of a site checks a change by checking the files it can affect again: after a
 * sequence of edits, each result is the one a whole-site run on the changed site gives, including
 * a slug renamed that links elsewhere point at, and its repair, and medical reviews overdue in the
 * file checked and in the files kept.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { type Problem, validateSite } from "../../src/validation";
import { SiteSnapshot } from "../../src/validation/snapshot";
import { removeSites, repoRoot, siteWith } from "./helpers";

afterAll(removeSites);

const folder = "site-config/collections/cardiology-sub-departments";

/** A site in English and Telugu whose collection is a folder, one treatment translated. */
function site() {
  const dir = siteWith();
  cpSync(
    path.join(repoRoot, "tests/fixtures/validate/translation-mistakes/site-config/site.json"),
    path.join(dir, "site-config/site.json"),
  );
  // Both treatments' medical reviews are long overdue: a check of one file tells of its own.
  const collection = path.join(dir, `${folder}.json`);
  const data = JSON.parse(readFileSync(collection, "utf8"));
  for (const t of data.sub_departments) t.review = { reviewer: "dr-someone", reviewed: "2020-01-15" };
  writeFileSync(collection, `${JSON.stringify(data, null, 2)}\n`);
  splitCollection(collection);
  const translations = path.join(dir, "site-config/i18n/te/collections/cardiology-sub-departments");
  mkdirSync(translations, { recursive: true });
  writeFileSync(
    path.join(translations, "angiography.json"),
    `${JSON.stringify({ $schema: "../../../../../schemas/translation.schema.json", status: "draft", strings: { name: "కరోనరీ యాంజియోగ్రఫీ" } }, null, 2)}\n`,
  );
  return dir;
}

const shown = (p: Problem): string =>
  `${p.severity} ${p.file}:${p.line}:${p.column} ${p.pointer} ${p.name}: ${p.message}${(p.followOns ?? []).map((f) => `\n  under it: ${shown(f)}`).join("")}`;

describe("a site snapshot checking changes", () => {
  it("gives what a whole-site run gives after each of a sequence of edits, checking few files where it can", () => {
    const dir = site();
    const options = {
      siteRoot: path.join(dir, "site-config"),
      schemasDir: path.join(repoRoot, "schemas"),
      publicDir: path.join(dir, "public"),
      shownFrom: dir,
      naming: "labels" as const,
      publish: "if-production" as const,
    };
    const snapshot = new SiteSnapshot(options);
    const overlay = new Map<string, string>();
    const fileOf = (slug: string) => path.join(dir, folder, `${slug}.json`);
    const editFile = (file: string, change: (data: Record<string, unknown>) => void) => {
      const data = JSON.parse(overlay.get(file) ?? readFileSync(file, "utf8"));
      change(data);
      overlay.set(file, `${JSON.stringify(data, null, 2)}\n`);
    };
    const edit = (slug: string, change: (data: Record<string, unknown>) => void) => editFile(fileOf(slug), change);
    const contact = path.join(dir, "site-config/pages/contact-us.json");
    const retitle = (title: string) =>
      editFile(contact, (d) => {
        d.meta = { ...(d.meta as object), title };
      });
    const compare = () => {
      const delta = snapshot.with(overlay);
      const whole = validateSite({ ...options, overlay });
      expect(snapshot.allProblems(delta).map(shown)).toEqual(whole.problems.map(shown));
      return { delta, whole };
    };

    // A browser title changed: the treatment alone is checked again.
    edit("heart-failure", (d) => {
      d.meta_title = "Heart failure care";
    });
    const retitled = compare();
    expect(retitled.delta.files).toEqual(new Set([`${folder}/heart-failure.json`]));
    expect(retitled.whole.problems.filter((p) => p.name === "ReviewOverdue").map((p) => p.file)).toEqual([
      `${folder}/angiography.json`,
      `${folder}/heart-failure.json`,
    ]);

    // ... now the same as another treatment's: that one is told too.
    edit("angiography", (d) => {
      d.meta_title = "Heart failure care";
    });
    const shared = compare();
    expect(shared.delta.files?.size).toBe(3);
    expect(shared.whole.problems.map((p) => p.name)).toContain("DuplicatePageValue");

    // A treatment with a translation changes: its translation is checked again with it.
    edit("angiography", (d) => {
      d.meta_description = "Angiography of the heart, in Hyderabad.";
    });
    expect(compare().delta.files).toContain(
      "site-config/i18n/te/collections/cardiology-sub-departments/angiography.json",
    );

    // A page's browser title made the same as a treatment's, in the page and the treatment: both checked, few files.
    retitle("Heart failure care");
    const pageShares = compare();
    expect(pageShares.delta.files).toContain("site-config/pages/contact-us.json");
    expect(pageShares.whole.problems.filter((p) => p.name === "DuplicatePageValue").map((p) => p.file)).toEqual([
      `${folder}/heart-failure.json`,
      "site-config/pages/contact-us.json",
    ]);

    // ... the first of the three told apart: the other two still share it, and the page title told apart.
    edit("angiography", (d) => {
      d.meta_title = "Coronary Angiography in Hyderabad";
    });
    expect(compare().delta.files).toBeDefined();
    retitle("{name} at Test Hospitals");
    const apart = compare();
    expect(apart.delta.files).toBeDefined();
    expect(apart.whole.problems.map((p) => p.name)).not.toContain("DuplicatePageValue");

    // A slug renamed that the menu and the footer link to: the whole site, the links folded under it.
    edit("heart-failure", (d) => {
      d.slug = "heart-failures";
    });
    const renamed = compare();
    expect(renamed.delta.files).toBeUndefined();
    expect(renamed.whole.errors).toBeGreaterThan(0);

    // ... and repaired, the titles told apart: back to one file's check.
    edit("heart-failure", (d) => {
      d.slug = "heart-failure";
      d.meta_title = "Heart Failure Treatment in Hyderabad";
    });
    const repaired = compare();
    expect(repaired.delta.files).toBeDefined();
    expect(repaired.whole.errors).toBe(snapshot.report.errors);

    // A schema mistake: refused as a whole-site run refuses it.
    edit("angiography", (d) => {
      d.content = 42;
    });
    expect(compare().whole.errors).toBeGreaterThan(0);
  });
});
