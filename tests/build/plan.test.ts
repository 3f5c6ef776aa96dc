/**
 * The incremental build's planner (src/build/plan/), on a made-up site of two treatments in three
 * languages and one config page with a list: which pieces a change makes again, which it removes,
 * and what the build says of them. No build runs: the planner reads the catalog and the page list.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildState } from "../../src/build/build-state";
import type { CatalogEntry } from "../../src/build/catalog";
import { explain } from "../../src/build/explanations";
import { InputScanner } from "../../src/build/inputs";
import type { JobKey } from "../../src/build/keys";
import { jobHash, jobKeys } from "../../src/build/plan/job-hashes";
import { type Plan, type PlanInput, planBuild } from "../../src/build/plan/plan";
import { type PageSpec, specIn } from "../../src/build/prerender/page-list";
import { listPages } from "../../src/shared/collections/data-files";

const dataFile = "cardiology-sub-departments.json";
const route = "/specialities/cardiology/:slug";
const languages = ["te", "hi"];
const languageNames = { en: "English", te: "Telugu", hi: "Hindi" };

/** A collection of treatments (slug -> content hash), each with texts in every other language (slug -> hash). */
function collection(items: Record<string, string>, texts: Record<string, Record<string, string>> = {}): CatalogEntry {
  const slugs = Object.keys(items);
  return {
    dataFile,
    storage: "file",
    speciality: "Cardiology",
    location: "Hyderabad",
    settingsHash: "settings-1",
    items: slugs.map((slug) => ({ slug, name: slug, hash: items[slug], file: `site-config/collections/${dataFile}` })),
    translations: Object.fromEntries(
      languages.map((lang) => [
        lang,
        {
          storage: "file" as const,
          path: `site-config/i18n/${lang}/collections/${dataFile}`,
          items: Object.fromEntries(
            slugs.map((slug) => [
              slug,
              { hash: texts[lang]?.[slug] ?? `${lang}-1`, file: "x", name: `${slug} (${lang})` },
            ]),
          ),
        },
      ]),
    ),
  };
}

/** The site's pages in every language: the speciality page (one list page) and each treatment's. */
function pages(entry: CatalogEntry): PageSpec[] {
  const english: PageSpec[] = [
    {
      kind: "page",
      path: "/specialities/cardiology",
      route: "/specialities/:slug",
      file: "site-config/pages/speciality.json",
      entry: "cardiology",
      listPage: 1,
      deps: [
        { kind: "page-file", file: "site-config/pages/speciality.json" },
        { kind: "list", dataFile, page: 1 },
      ],
      lang: "en",
      english: "/specialities/cardiology",
    },
    ...entry.items.map(
      ({ slug }): PageSpec => ({
        kind: "treatment",
        path: route.replace(":slug", slug),
        route,
        dataFile,
        slug,
        deps: [
          { kind: "item", dataFile, slug },
          { kind: "settings", dataFile },
        ],
        lang: "en",
        english: route.replace(":slug", slug),
      }),
    ),
  ];
  return [...english, ...languages.flatMap((lang) => english.map((spec) => specIn(spec, lang)))];
}

describe("the incremental build's planner", () => {
  let root: string;
  /** The first build's plan: the two treatments, a full build. */
  let first: Plan;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "plan-"));
    mkdirSync(path.join(root, "site-config/pages"), { recursive: true });
    writeFileSync(path.join(root, "site-config/pages/speciality.json"), "{}");
    first = plan(collection({ angioplasty: "a-1", bypass: "b-1" }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Plans a build of `entry` after `before` (a full build when there is none). */
  const plan = (entry: CatalogEntry, before?: Plan): Plan => {
    const input: PlanInput = {
      codeKey: "code-1",
      scanner: new InputScanner(root, {}),
      specs: pages(entry),
      entries: { [dataFile]: entry },
      lists: { [dataFile]: listPages(entry.items, 10) },
      otherLanguages: new Set(languages),
      fonts: {},
      wholeCollectionFiles: true,
      before: before?.hashes,
      beforeDeps: before?.deps,
      full: !before,
    };
    return planBuild(input);
  };
  const stale = (p: Plan) => p.stale.map((s) => s.key);
  const state = (p: Plan) => ({ jobs: p.hashes, deps: p.deps }) as BuildState;

  it("makes every piece in a full build: pages, data files, translations, index, list and whole file", () => {
    expect(first.stale).toHaveLength(first.pieces);
    expect(first.stale.map((p) => p.key.kind)).toEqual([
      ...Array(9).fill("page"),
      "treatment-data",
      "treatment-translation",
      "treatment-translation",
      "treatment-data",
      "treatment-translation",
      "treatment-translation",
      "index-data",
      "list-data",
      "whole-data",
    ]);
  });

  it("with nothing changed, makes nothing and removes nothing", () => {
    const again = plan(collection({ angioplasty: "a-1", bypass: "b-1" }), first);
    expect(again.stale).toEqual([]);
    expect(again.removed).toEqual([]);
  });

  it("remakes a changed treatment's page in every language, its data file and the whole file, and nothing else", () => {
    const next = plan(collection({ angioplasty: "a-2", bypass: "b-1" }), first);
    expect(stale(next)).toEqual<JobKey[]>([
      { kind: "page", path: "/specialities/cardiology/angioplasty" },
      { kind: "page", path: "/te/specialities/cardiology/angioplasty" },
      { kind: "page", path: "/hi/specialities/cardiology/angioplasty" },
      { kind: "treatment-data", dataFile, slug: "angioplasty" },
      { kind: "whole-data", dataFile },
    ]);
    expect(explain(next.stale, state(first), next.deps, languageNames)).toEqual([
      "/specialities/cardiology/angioplasty, /te/specialities/cardiology/angioplasty, /hi/specialities/cardiology/angioplasty, data file and built-in copy of angioplasty (treatment 'angioplasty' changed)",
      "the whole data file assets/data/cardiology-sub-departments.json (a treatment or the settings of the collection changed)",
    ]);
  });

  it("gives each piece the hash a full build gives it, those whose dependencies are unchanged kept from the last build", () => {
    const changed = collection({ angioplasty: "a-2", bypass: "b-1" }, { te: { bypass: "te-2" } });
    const next = plan(changed, first);
    const whole = plan(changed);
    const hashes = (p: Plan) => jobKeys(p.hashes).map((key) => [key, jobHash(p.hashes, key)]);
    expect(hashes(next)).toEqual(hashes(whole));
    expect(next.stale.length).toBeLessThan(whole.stale.length);
  });

  it("remakes only the Telugu page and Telugu data file of a treatment whose Telugu texts changed", () => {
    const next = plan(collection({ angioplasty: "a-1", bypass: "b-1" }, { te: { bypass: "te-2" } }), first);
    expect(stale(next)).toEqual<JobKey[]>([
      { kind: "page", path: "/te/specialities/cardiology/bypass" },
      { kind: "treatment-translation", lang: "te", dataFile, slug: "bypass" },
    ]);
    expect(explain(next.stale, state(first), next.deps, languageNames)).toEqual([
      "/te/specialities/cardiology/bypass, Telugu data file and built-in copy of bypass (the Telugu translation of treatment 'bypass' changed)",
    ]);
  });

  it("removes a removed treatment's pages and files, read back as typed keys, and remakes the lists that showed it", () => {
    const next = plan(collection({ angioplasty: "a-1" }), first);
    expect(next.removed).toEqual<JobKey[]>([
      { kind: "page", path: "/specialities/cardiology/bypass" },
      { kind: "page", path: "/te/specialities/cardiology/bypass" },
      { kind: "page", path: "/hi/specialities/cardiology/bypass" },
      { kind: "treatment-data", dataFile, slug: "bypass" },
      { kind: "treatment-translation", lang: "hi", dataFile, slug: "bypass" },
      { kind: "treatment-translation", lang: "te", dataFile, slug: "bypass" },
    ]);
    expect(stale(next)).toEqual<JobKey[]>([
      { kind: "page", path: "/specialities/cardiology" },
      { kind: "page", path: "/te/specialities/cardiology" },
      { kind: "page", path: "/hi/specialities/cardiology" },
      { kind: "index-data", dataFile },
      { kind: "list-data", dataFile, page: 1 },
      { kind: "whole-data", dataFile },
    ]);
  });

  it("says a treatment added is new", () => {
    const next = plan(collection({ angioplasty: "a-1", bypass: "b-1", pacemaker: "p-1" }), first);
    const [made] = explain(next.stale, state(first), next.deps, languageNames).filter((line) => line.endsWith("(new)"));
    expect(made).toBe(
      "/specialities/cardiology/pacemaker, /te/specialities/cardiology/pacemaker, /hi/specialities/cardiology/pacemaker, data file and built-in copy of pacemaker and 2 more (new)",
    );
  });

  it("keeps every job's hash through the state's V8 serialisation, each key read back with its field types", () => {
    const kept = deserialize(serialize(first.hashes));
    const sorted = (keys: JobKey[]) => keys.map((key) => JSON.stringify(key)).sort();
    expect(sorted(jobKeys(kept))).toEqual(sorted(first.stale.map((p) => p.key)));
    expect(jobKeys(kept)).toContainEqual({ kind: "list-data", dataFile, page: 1 });
    expect(plan(collection({ angioplasty: "a-1", bypass: "b-1" }), { ...first, hashes: kept }).stale).toEqual([]);
  });
});
