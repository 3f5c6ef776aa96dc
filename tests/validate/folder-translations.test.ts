/**
 * The translations of a collection stored as a folder: one file per treatment and language,
 * `site-config/i18n/{code}/collections/{stem}/{slug}.json`, keyed from the treatment's own file.
 * The validator checks each as it checks any translation, with positions in the translation for
 * its mistakes and in the treatment's own file for the texts still missing.
 */
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { type CliRun, lines, removeSites, repoRoot, siteWith, validate } from "./helpers";

const translations = "site-config/i18n/te/collections/cardiology-sub-departments";
const english = "site-config/collections/cardiology-sub-departments";

describe("validate on the translations of a collection stored as a folder", () => {
  let run: CliRun;

  beforeAll(async () => {
    const site = siteWith();
    // A site in English and Telugu.
    cpSync(
      path.join(repoRoot, "tests/fixtures/validate/translation-mistakes/site-config/site.json"),
      path.join(site, "site-config/site.json"),
    );
    splitCollection(path.join(site, "site-config/collections/cardiology-sub-departments.json"));
    const folder = path.join(site, translations);
    mkdirSync(folder, { recursive: true });
    const write = (name: string, strings: Record<string, string>) =>
      writeFileSync(
        path.join(folder, name),
        `${JSON.stringify({ $schema: "../../../../../schemas/translation.schema.json", status: "draft", strings }, null, 2)}\n`,
      );
    write("angiography.json", {
      name: "కరోనరీ యాంజియోగ్రఫీ",
      "content.h11": "కరోనరీ యాంజియోగ్రఫీ",
      slug: "angio",
      meta_title: "{name} హైదరాబాద్‌లో",
    });
    write("no-such-treatment.json", { name: "ఏదీ లేదు" });
    run = await validate(["--root", "site-config", "--verbose"], site);
  });
  afterAll(removeSites);

  it("refuses a key the treatment's file has no text for, at its line in the translation, suggesting the nearest", () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      lines(
        `${translations}/angiography.json:6:5 -> /strings/content.h11`,
        `  error: The key 'content.h11' names no text of ${english}/angiography.json: the English text it translated was removed or moved; did you mean 'content.h1'? Move the translation to the text's new key, or delete it.`,
      ),
    );
  });

  it("refuses a translated slug and placeholders the English text has not", () => {
    expect(run.stdout).toContain(
      `  error: The key 'slug' names 'angiography' in ${english}/angiography.json, which is not a text a reader sees`,
    );
    expect(run.stdout).toContain(
      lines(
        `${translations}/angiography.json:8:19 -> /strings/meta_title`,
        "  error: The translation of 'meta_title' must use the placeholders of its English text 'Coronary Angiography in Hyderabad', but it has {name}, which the English has not.",
      ),
    );
  });

  it("refuses a translation of a treatment the folder does not hold", () => {
    expect(run.stdout).toContain(
      `  error: Expected a translation of ${english}/no-such-treatment.json, but there is no such file:`,
    );
  });

  it("warns of the treatment's texts still missing, with their places in the treatment's own file", () => {
    expect(run.stdout).toContain(
      lines(
        `${translations}/angiography.json:4:14 -> /strings`,
        `  warning: 3 of 5 texts of ${english}/angiography.json are not translated into Telugu yet and show in English: 'meta_description' (${english}/angiography.json:7:23), 'content.h1' (${english}/angiography.json:10:11) and 'content.intro' (${english}/angiography.json:11:14). Add each to "strings" under its key.`,
      ),
    );
  });

  it("lists the treatment's translation among the language's drafts, and the untranslated treatment's file", () => {
    expect(run.stdout).toMatch(
      /warning: 2 Telugu translations are drafts awaiting review by a native speaker: collections\/cardiology-sub-departments\/angiography\.json and collections\/cardiology-sub-departments\/no-such-treatment\.json\./,
    );
    expect(run.stdout).toMatch(
      /warning: \d+ files with texts have no Telugu translation yet[^\n]*: branches\.json, collections\/cardiology-sub-departments\/heart-failure\.json,/,
    );
  });
});
