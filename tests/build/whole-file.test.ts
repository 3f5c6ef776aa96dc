/**
 * The spec's whole data file, made of the treatments' own data files: an incremental build takes
 * the unchanged treatments from the last whole file and reads only the data files it made again,
 * and gives the same bytes as reading them all.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../src/build/catalog";
import { type WholeLayout, writeWhole } from "../../src/build/whole-file";
import { dataPaths, treatmentData } from "../../src/shared/collections/data-files";
import type { SubDepartment } from "../../src/shared/generated/collection";

const dataFile = "cardiology-sub-departments.json";
const settings = { speciality: "Cardiology", location: "Hyderabad" };

describe("the whole data file", () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "whole-"));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  /** Writes each treatment's data file as the build does; returns the catalog entry. */
  const publish = (items: { slug: string; name: string }[]): CatalogEntry => {
    mkdirSync(path.dirname(path.join(dist, dataPaths.treatment(dataFile, "x"))), { recursive: true });
    for (const { slug, name } of items) {
      const item = { slug, name, summary: `About ${name}: “quoted”, ünïcode, తెలుగు` } as unknown as SubDepartment;
      writeFileSync(
        path.join(dist, dataPaths.treatment(dataFile, slug)),
        JSON.stringify(treatmentData(settings, item)),
      );
    }
    return {
      dataFile,
      storage: "folder",
      ...settings,
      settingsHash: "s",
      translations: {},
      items: items.map((i) => ({ ...i, hash: i.name, file: `${i.slug}.json` })),
    };
  };
  const whole = () => readFileSync(path.join(dist, dataPaths.whole(dataFile)), "utf8");
  const none = new Set<string>();

  it("is the collection with every treatment, in slug order, as JSON", () => {
    writeWhole(
      dist,
      publish([
        { slug: "a", name: "A" },
        { slug: "b", name: "B" },
      ]),
      { incremental: false, remade: none },
    );
    const parsed = JSON.parse(whole());
    expect(parsed.speciality).toBe("Cardiology");
    expect(parsed.sub_departments.map((i: { slug: string }) => i.slug)).toEqual(["a", "b"]);
  });

  it("after a change, an addition and a removal, reads only what was made again and equals a full write", () => {
    const first = writeWhole(dist, publish(["a", "b", "c", "d"].map((slug) => ({ slug, name: slug.toUpperCase() }))), {
      incremental: false,
      remade: none,
    });
    // b changes (longer), e is new, c is gone; a and d are taken from the last whole file: their
    // data files are removed to prove they are not read.
    const entry = publish([
      { slug: "a", name: "A" },
      { slug: "b", name: "B, now with a much longer name" },
      { slug: "d", name: "D" },
      { slug: "e", name: "E" },
    ]);
    const kept = new Map(["a", "d"].map((s) => [s, readFileSync(path.join(dist, dataPaths.treatment(dataFile, s)))]));
    for (const slug of kept.keys()) rmSync(path.join(dist, dataPaths.treatment(dataFile, slug)));
    const next = writeWhole(dist, entry, { incremental: true, before: first.layout, remade: new Set(["b", "e"]) });
    expect(next.written).toEqual([dataPaths.whole(dataFile)]);
    const spliced = whole();

    for (const [slug, bytes] of kept) writeFileSync(path.join(dist, dataPaths.treatment(dataFile, slug)), bytes);
    writeWhole(dist, entry, { incremental: false, remade: none });
    expect(spliced).toBe(whole());
    expect(JSON.parse(spliced).sub_departments.map((i: { name: string }) => i.name)).toEqual([
      "A",
      "B, now with a much longer name",
      "D",
      "E",
    ]);
    expect(next.layout.slugs).toEqual(["a", "b", "d", "e"]);
  });

  it("holds each treatment without the languages its data file names", () => {
    const entry = publish([{ slug: "a", name: "A" }]);
    const file = path.join(dist, dataPaths.treatment(dataFile, "a"));
    const plain = readFileSync(file, "utf8");
    writeFileSync(file, `${plain.slice(0, -1)},"translated":["hi","te"]}`);
    writeWhole(dist, entry, { incremental: false, remade: none });
    expect(whole()).not.toContain("translated");
    expect(JSON.parse(whole()).sub_departments[0].name).toBe("A");
  });

  it("reads every data file when the file on disk is not the one its layout describes", () => {
    const entry = publish([
      { slug: "a", name: "A" },
      { slug: "b", name: "B" },
    ]);
    const { layout } = writeWhole(dist, entry, { incremental: false, remade: none });
    writeFileSync(path.join(dist, dataPaths.whole(dataFile)), "edited by hand");
    const stale: WholeLayout = layout;
    writeWhole(dist, entry, { incremental: true, before: stale, remade: none });
    expect(JSON.parse(whole()).sub_departments).toHaveLength(2);
  });

  it("writes nothing when nothing changed", () => {
    const entry = publish([{ slug: "a", name: "A" }]);
    const { layout } = writeWhole(dist, entry, { incremental: false, remade: none });
    expect(writeWhole(dist, entry, { incremental: true, before: layout, remade: none }).written).toEqual([]);
  });
});
