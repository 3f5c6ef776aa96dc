import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildReport } from "../../src/build/build";
import { splitCollection } from "../../src/build/collection-storage";
import { filesUnder } from "../../src/build/inputs";
import { type SiteCopy, siteCopy } from "../bench/site-copy";
import { buildCopy, snapshot } from "../helpers/build-copy";
import { keepTreatmentTranslations } from "../helpers/untranslated";

const stem = "orthopedics-sub-departments";
const knee = "total-knee-replacement";
const hip = "best-hospital-for-hip-replacement-in-hyderabad";
const kneePage = `specialities/orthopedics/${knee}`;

describe("npm run build with treatments' translations", { timeout: 300_000 }, () => {
  let copy: SiteCopy;
  let lines: string[] = [];
  const build = async (force = false): Promise<BuildReport> => {
    lines = [];
    return buildCopy(copy.root, force, (line) => lines.push(line));
  };
  const dist = (file: string) => path.join(copy.root, "dist", file);
  const config = (file: string) => path.join(copy.root, "site-config", file);
  const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));
  const telugu = () => config(`i18n/te/collections/${stem}.json`);
  let first: Record<string, string>;

  beforeAll(async () => {
    // The copy's orthopedics collection is the site's own, translated into Telugu and Hindi for the
    // knee page only: the hip page has no translation.
    copy = siteCopy(5, "file");
    keepTreatmentTranslations(path.join(copy.root, "site-config"), stem, [knee]);
    // The collection published whole too (site.json asks for it), to check it carries no language marker.
    const site = JSON.parse(readFileSync(config("site.json"), "utf8"));
    writeFileSync(config("site.json"), JSON.stringify({ ...site, wholeCollectionFiles: true }, null, 2));
    await build(true);
    first = snapshot(copy.root);
  }, 120_000);
  afterAll(() => copy?.remove());

  it("publishes a translated treatment's texts on their own, and names their languages in its English data file only", () => {
    const own = readJson(dist(`assets/data/te/${stem}/${knee}.json`));
    expect(Object.keys(own)).toEqual(["strings"]);
    expect(own.strings["content.h1"]).toBe(readJson(telugu()).strings[`sub_departments.${knee}.content.h1`]);
    expect(readFileSync(dist(`assets/builtin/te/${stem}/${knee}.js`), "utf8")).toContain("export default JSON.parse(");
    expect(readFileSync(dist(`assets/data/${stem}/${knee}.json`), "utf8")).toMatch(/\],"translated":\["hi","te"\]\}$/);
    // A treatment with no translation has no marker and no texts to fetch.
    expect(readJson(dist(`assets/data/${stem}/${hip}.json`)).translated).toBeUndefined();
    expect(existsSync(dist(`assets/data/te/${stem}/${hip}.json`))).toBe(false);
    // The spec's whole file is as it was: no marker in it.
    const whole = readFileSync(dist(`assets/data/${stem}.json`), "utf8");
    expect(whole).not.toContain('"translated"');
    expect(JSON.parse(whole).sub_departments.find((s: { slug: string }) => s.slug === knee)).toEqual(
      readJson(dist(`assets/data/${stem}/${knee}.json`)).sub_departments[0],
    );
    // No script holds a collection's Telugu texts: only the treatment's own built-in copy has them.
    const h1 = own.strings["content.h1"];
    const scripts = filesUnder(dist("assets"), "").filter((f) => f.endsWith(".js"));
    expect(scripts.filter((f) => readFileSync(dist(`assets/${f}`), "utf8").includes(h1))).toEqual([
      `builtin/te/${stem}/${knee}.js`,
    ]);
    // The Telugu page carries its treatment's Telugu texts, the English page none.
    expect(readFileSync(dist(`te/${kneePage}/index.html`), "utf8")).toContain('"translation":{"lang":"te"');
    expect(readFileSync(dist(`${kneePage}/index.html`), "utf8")).not.toContain('"translation":');
  });

  it("after one treatment's Telugu text changes, makes only its Telugu page and Telugu data again, as --force would", async () => {
    const doc = readJson(telugu());
    const key = `sub_departments.${knee}.content.h1`;
    // Words the Telugu texts already use, so the Telugu font (subset to them) stays the same.
    const changed = `${doc.strings[key]} ${doc.strings[`sub_departments.${knee}.name`]}`;
    writeFileSync(telugu(), `${JSON.stringify({ ...doc, strings: { ...doc.strings, [key]: changed } }, null, 2)}\n`);

    const report = await build();
    expect(report.full).toBe(false);
    expect(report.jobsRun).toBe(2);
    const said = lines.join("\n");
    expect(said).toContain(`1 file changed since the last build (site-config/i18n/te/collections/${stem}.json)`);
    expect(said).toContain(
      `made again: /te/${kneePage}, Telugu data file and built-in copy of ${knee} (the Telugu translation of treatment '${knee}' changed)`,
    );
    expect(readFileSync(dist(`te/${kneePage}/index.html`), "utf8")).toContain(changed);
    const incremental = snapshot(copy.root);
    const changedFiles = Object.keys(incremental).filter((f) => incremental[f] !== first[f]);
    // The page's link preview shows its Telugu heading: a new card (its source, for the relay to
    // draw), and the old one is gone.
    const cards = (files: Record<string, string>) => Object.keys(files).filter((f) => f.startsWith("social/"));
    const newCards = cards(incremental).filter((f) => !(f in first));
    expect(newCards).toEqual([expect.stringMatching(/^social\/[0-9a-f]{16}\.json$/)]);
    expect(cards(first).filter((f) => !(f in incremental))).toHaveLength(1);
    expect(readFileSync(dist(`te/${kneePage}/index.html`), "utf8")).toContain(newCards[0].replace(/\.json$/, ".png"));
    expect(changedFiles.filter((f) => !/\.(br|gz)$/.test(f)).sort()).toEqual([
      `assets/builtin/te/${stem}/${knee}.js`,
      `assets/data/te/${stem}/${knee}.json`,
      ...newCards,
      `te/${kneePage}/index.html`,
    ]);

    await build(true);
    expect(snapshot(copy.root)).toEqual(incremental);
  });

  it("adds a first translation's files and marker, and removes them with it", async () => {
    const before = snapshot(copy.root);
    const doc = readJson(telugu());
    const key = `sub_departments.${hip}.name`;
    // Telugu words the site already has (the font stays the same).
    const name = doc.strings[`sub_departments.${knee}.name`];
    writeFileSync(telugu(), `${JSON.stringify({ ...doc, strings: { ...doc.strings, [key]: name } }, null, 2)}\n`);

    const added = await build();
    expect(added.full).toBe(false);
    // Its Telugu page and Telugu data, its English data file, whose marker names Telugu now, and
    // the list of the speciality's treatments, with the Telugu page that shows it (not the others).
    expect(added.jobsRun).toBe(5);
    expect(lines.join("\n")).toContain(
      "/te/specialities/orthopedic (the treatments it lists or their Telugu names changed)",
    );
    expect(lines.join("\n")).toContain(
      `data file and built-in copy of ${hip} (the languages treatment '${hip}' is translated into changed)`,
    );
    expect(readJson(dist(`assets/data/te/${stem}/${hip}.json`))).toEqual({ strings: { name } });
    expect(existsSync(dist(`assets/builtin/te/${stem}/${hip}.js`))).toBe(true);
    expect(readJson(dist(`assets/data/${stem}/${hip}.json`)).translated).toEqual(["te"]);
    // The whole file, the other languages' pages and the English page are as they were.
    const now = snapshot(copy.root);
    for (const file of [
      `assets/data/${stem}.json`,
      `specialities/orthopedics/${hip}/index.html`,
      `hi/specialities/orthopedics/${hip}/index.html`,
    ])
      expect(now[file], file).toBe(before[file]);
    expect(readFileSync(dist(`te/specialities/orthopedics/${hip}/index.html`), "utf8")).toContain(name);

    writeFileSync(telugu(), `${JSON.stringify(doc, null, 2)}\n`);
    const removed = await build();
    expect(removed.full).toBe(false);
    expect(lines.join("\n")).toMatch(
      /removed: assets\/data\/te\/orthopedics-sub-departments\/best-hospital-for-hip-replacement-in-hyderabad\.json/,
    );
    expect(existsSync(dist(`assets/data/te/${stem}/${hip}.json`))).toBe(false);
    expect(existsSync(dist(`assets/builtin/te/${stem}/${hip}.js`))).toBe(false);
    expect(snapshot(copy.root)).toEqual(before);
  });

  it("builds the same site, byte for byte, from translations stored one file per treatment", async () => {
    const asOneFile = snapshot(copy.root);
    splitCollection(config(`collections/${stem}.json`));
    expect(readdirSync(config(`i18n/te/collections/${stem}`))).toEqual([`${knee}.json`]);
    await build(true);
    expect(snapshot(copy.root)).toEqual(asOneFile);

    // One treatment's Telugu file changed (its name): its Telugu page and data, the list with its
    // name and the Telugu speciality page showing it, as --force makes them.
    const file = config(`i18n/te/collections/${stem}/${knee}.json`);
    const doc = readJson(file);
    writeFileSync(
      file,
      `${JSON.stringify({ ...doc, strings: { ...doc.strings, name: doc.strings["content.h1"] } }, null, 2)}\n`,
    );
    const report = await build();
    expect(report.jobsRun).toBe(4);
    expect(lines.join("\n")).toContain(`(the Telugu translation of treatment '${knee}' changed)`);
    const incremental = snapshot(copy.root);
    await build(true);
    expect(snapshot(copy.root)).toEqual(incremental);

    // Its Telugu file removed: its Telugu data goes, its English data file names Hindi alone.
    rmSync(file);
    const removed = await build();
    expect(removed.full).toBe(false);
    const said = lines.join("\n");
    expect(said).toContain(`(site-config/i18n/te/collections/${stem}/${knee}.json (removed))`);
    expect(said).toContain(`/te/${kneePage}`);
    expect(existsSync(dist(`assets/data/te/${stem}/${knee}.json`))).toBe(false);
    expect(readJson(dist(`assets/data/${stem}/${knee}.json`)).translated).toEqual(["hi"]);
    const afterRemoval = snapshot(copy.root);
    await build(true);
    expect(snapshot(copy.root)).toEqual(afterRemoval);
  });
});
