import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, siteWith, validate } from "./helpers";

describe("validate CLI: translations", () => {
  let run: CliRun;

  beforeAll(async () => {
    run = await validate(["--root", "site-config", "--verbose"], siteWith("translation-mistakes"));
  });
  afterAll(removeSites);

  it("fails on a translation's mistakes, counting errors and warnings", () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("8 errors and 11 warnings in 6 of 19 files.");
  });

  it("refuses a key the English file no longer has, suggesting the nearest", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/navigation.json:10:5 -> /strings/items.contact.lable",
        "  error: The key 'items.contact.lable' names no text of site-config/navigation.json: the English text it translated was removed or moved; did you mean 'items.contact.label'? Move the translation to the text's new key, or delete it.",
      ),
    );
  });

  it("refuses a translation of a route, which stays the same in every language", () => {
    expect(run.stdout).toContain(
      "  error: The key 'items.home.route' names '/home' in site-config/navigation.json, which is not a text a reader sees but a route, address, slug, id, pattern or CRM field, and stays the same in every language. Delete this entry.",
    );
  });

  it("refuses placeholders that differ from the English, missing or added", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/pages/speciality.json:5:19 -> /strings/meta.title",
        "  error: The translation of 'meta.title' must use the placeholders of its English text '{name}', but it lacks {name}. Keep each {name} exactly as in English (a plural stays a plural); only the words around it change.",
      ),
    );
    expect(run.stdout).toContain(
      "but it has {branch}, which the English has not. Keep each {name} exactly as in English",
    );
  });

  it("refuses HTML the site would change in an HTML field, a file with no English file, and a language site.json does not list", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/pages/home.json:7:30 -> /strings/blocks.1.paragraphs.0",
        "  error: The translation of 'blocks.1.paragraphs.0' would not show as written: the tag <b> is never closed (add </b>). Use only the tags its English text may use, each closed in order.",
      ),
    );
    expect(run.stdout).toContain(
      "  error: Expected a translation of site-config/pages/nowhere.json, but there is no such file:",
    );
    expect(run.stdout).toContain(
      `  error: This file is in site-config/i18n/xx/, the folder of the language 'xx', but site.json's "languages" does not list 'xx' as a language to translate into (it lists 'te').`,
    );
  });

  it("checks a plain-text field as text, not HTML: markup is a warning, an invisible character an error", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/navigation.json:11:33 -> /strings/items.specialities.label",
        "  warning: This field shows text as written: '<b>' will appear as typed, not as formatting. Remove the tag, or write the text without it.",
        "  hint: Only fields described as 'Text with inline formatting' take tags such as <b> and <a href>.",
      ),
    );
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/pages/home.json:6:22 -> /strings/blocks.0.text",
        "  warning: This field shows text as written: '<b>' will appear as typed, not as formatting. Remove the tag, or write the text without it.",
      ),
    );
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/pages/home.json:8:22 -> /strings/blocks.2.text",
        "  error: Expected text a reader can see, but found U+202E (a bidi control, which changes the order the text reads in) at character 12. Delete it (retype the text around it if your editor does not show it): the page's heading, its title and its link-preview card would carry it.",
        "  hint: Tabs and line breaks are fine; control characters, bidi controls (U+202A-U+202E, U+2066-U+2069), lone surrogates and noncharacters (U+FFFE, U+FFFF) are not.",
      ),
    );
  });

  it("warns of the texts still missing, each with its place in the English file, summarised", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/navigation.json:4:14 -> /strings",
        "  warning: 8 of 13 texts of site-config/navigation.json are not translated into Telugu yet and show in English: 'items.specialities.children.cardiology.label' (site-config/navigation.json:11:40), 'items.specialities.children.heart-failure.label' (site-config/navigation.json:12:43), 'items.contact.label' (site-config/navigation.json:15:34), 'infoItems.branch.title' (site-config/navigation.json:17:63), 'locations.buttonLabel' (site-config/navigation.json:18:33) and 3 more. Add each to \"strings\" under its key.",
      ),
    );
  });

  it("takes a file written before per-text review as unreviewed, with no staleness known, and says so", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/i18n/te/pages/speciality.json:3:13 -> /status",
        `  warning: "status" says 'reviewed', but its texts make it 'draft' (2 texts not marked reviewed): the status follows from "reviewed". Run 'npm run translations -- stamp' to write it, or mark the texts reviewed in the editor.`,
        `  hint: A file is reviewed when a reviewer has approved every text it translates: each key of "strings" is in "reviewed".`,
        "",
        "site-config/i18n/te/pages/speciality.json:4:14 -> /strings",
        `  warning: 2 of 2 translated texts record no English source in "sources", so nobody can tell whether site-config/pages/speciality.json changed after they were translated: 'meta.title' and 'meta.description'. Check them against today's English, then save the file in the editor or run 'npm run translations -- stamp' to record it.`,
        `  hint: A file written before texts were reviewed one by one has no "sources" and no "reviewed": every text in it counts as unreviewed.`,
      ),
    );
  });

  it("lists, per language on site.json, the drafts awaiting a native speaker and the files not translated", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/site.json:6:5 -> /languages/1",
        "  warning: 4 Telugu translations are drafts awaiting review by a native speaker: navigation.json, pages/home.json, pages/nowhere.json and pages/speciality.json. Have a reviewer read each text and mark it reviewed in the editor (a file is reviewed when all its texts are).",
        "  warning: 11 files with texts have no Telugu translation yet, so their texts show in English on Telugu pages:",
      ),
    );
  });
});
