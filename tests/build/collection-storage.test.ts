/**
 * `npm run collection -- split|join` moves a collection's translations with it: a collection
 * file's translation (keys 'sub_departments.{slug}.…') becomes one file per translated treatment
 * (keys from the treatment), and back, keeping every text, its status and note; a translation it
 * cannot place stops it before anything moves.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { joinCollection, StorageError, splitCollection } from "../../src/build/collection-storage";
import { siteConfigDir } from "../helpers/site-collections";

let dir: string;
const site = (...parts: string[]) => path.join(dir, "site-config", ...parts);
const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const stem = "orthopedics-sub-departments";

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "collection-storage-"));
  cpSync(siteConfigDir, path.join(dir, "site-config"), { recursive: true });
  // Laid out as the project is, so "$schema" paths stay as the site's files have them.
  symlinkSync(path.resolve(siteConfigDir, "../schemas"), path.join(dir, "schemas"), "dir");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run collection with translations", () => {
  it("splits each language's translation into one file per translated treatment, keyed from the treatment", () => {
    const telugu = read(site("i18n/te/collections", `${stem}.json`));
    const translated = [...new Set(Object.keys(telugu.strings).map((key) => key.split(".")[1]))].sort();
    expect(translated).toContain("total-knee-replacement");
    const result = splitCollection(site("collections", `${stem}.json`));
    expect(result.translations).toEqual({ hi: translated.length, te: translated.length });
    expect(existsSync(site("i18n/te/collections", `${stem}.json`))).toBe(false);
    expect(readdirSync(site("i18n/te/collections", stem))).toEqual(translated.map((slug) => `${slug}.json`));
    const own = read(site("i18n/te/collections", stem, "total-knee-replacement.json"));
    expect(own.$schema).toBe("../../../../../schemas/translation.schema.json");
    expect(own.status).toBe(telugu.status);
    expect(own.note).toBe(telugu.note);
    expect(own.strings["content.h1"]).toBe(telugu.strings["sub_departments.total-knee-replacement.content.h1"]);
    expect(Object.keys(own.strings)).toHaveLength(
      Object.keys(telugu.strings).filter((key) => key.startsWith("sub_departments.total-knee-replacement.")).length,
    );
    // The presentation's translation is not the collection's: it stays where it is.
    expect(existsSync(site("i18n/te/collections/orthopedics.presentation.json"))).toBe(true);
  });

  it("joins them back into the collection's translation, with the same texts", () => {
    const before = read(site("i18n/hi/collections", `${stem}.json`));
    splitCollection(site("collections", `${stem}.json`));
    const result = joinCollection(site("collections", stem));
    const translated = new Set(Object.keys(before.strings).map((key: string) => key.split(".")[1])).size;
    expect(result.translations).toEqual({ hi: translated, te: translated });
    expect(existsSync(site("i18n/hi/collections", stem))).toBe(false);
    expect(read(site("i18n/hi/collections", `${stem}.json`))).toEqual(before);
  });

  it("joins as a draft while any treatment's translation is one", () => {
    splitCollection(site("collections", `${stem}.json`));
    const file = site("i18n/te/collections", stem, "total-knee-replacement.json");
    writeFileSync(file, JSON.stringify({ ...read(file), status: "reviewed" }));
    const hip = site("i18n/te/collections", stem, "best-hospital-for-hip-replacement-in-hyderabad.json");
    writeFileSync(hip, JSON.stringify({ $schema: "x", status: "draft", strings: { name: "హిప్ రీప్లేస్‌మెంట్" } }));
    joinCollection(site("collections", stem));
    const joined = read(site("i18n/te/collections", `${stem}.json`));
    expect(joined.status).toBe("draft");
    expect(joined.strings["sub_departments.best-hospital-for-hip-replacement-in-hyderabad.name"]).toBe("హిప్ రీప్లేస్‌మెంట్");
  });

  it("refuses a translation of no treatment before moving anything", () => {
    const file = site("i18n/te/collections", `${stem}.json`);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace('"sub_departments.total-knee-replacement.name"', '"sub_departments.gone.name"'));
    expect(() => splitCollection(site("collections", `${stem}.json`))).toThrow(StorageError);
    expect(() => splitCollection(site("collections", `${stem}.json`))).toThrow(
      "translates 'sub_departments.gone.name', which is no treatment's text; run npm run validate first.",
    );
    expect(existsSync(site("collections", `${stem}.json`))).toBe(true);
    expect(existsSync(site("collections", stem))).toBe(false);
    expect(existsSync(site("i18n/hi/collections", `${stem}.json`))).toBe(true);
    expect(existsSync(site("i18n/hi/collections", stem))).toBe(false);
  });
});
