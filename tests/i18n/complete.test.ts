/**
 * The Telugu and Hindi sites are whole: every text of every English config file (the patient
 * journey's pages, forms, treatments, doctors, packages and the layout around them) has a
 * translation in each language, but for the few texts that stay English on purpose (people's
 * names, which the site shows as written, marked lang="en").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentTexts } from "../../src/shared/i18n/texts";
import { slugify } from "../../src/shared/slug";

const siteConfig = path.resolve(import.meta.dirname, "../../site-config");
const site = JSON.parse(readFileSync(path.join(siteConfig, "site.json"), "utf8")) as { languages: { code: string }[] };
const translated = site.languages.map((l) => l.code).filter((code) => code !== "en");

/** Texts that stay as written in every language: the leaders' names. */
const keptEnglish = [/^blocks\.\d+\.people\.\d+\.name$/];

/** The English config files with texts, relative to site-config/ (a collection kept as a folder: each treatment's file). */
const englishFiles = readdirSync(siteConfig, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".json") && !file.startsWith("i18n"))
  .filter((file) => documentTexts(JSON.parse(readFileSync(path.join(siteConfig, file), "utf8"))).length > 0)
  .sort();

function missing(file: string, lang: string): string[] {
  const english = documentTexts(JSON.parse(readFileSync(path.join(siteConfig, file), "utf8")));
  let strings: Record<string, string> = {};
  try {
    strings = JSON.parse(readFileSync(path.join(siteConfig, "i18n", lang, file), "utf8")).strings;
  } catch {
    return [`${file}: no translation file`];
  }
  return english
    .filter((text) => !strings[text.key]?.trim() && !keptEnglish.some((kept) => kept.test(text.key)))
    .map((text) => `${file} ${text.key}`);
}

describe("the Telugu and Hindi sites", () => {
  it("read every English config file with texts", () => {
    expect(englishFiles).toEqual(
      expect.arrayContaining([
        "collections/cardiology-sub-departments.json",
        "forms/appointment.json",
        "pages/thank-you.json",
      ]),
    );
  });

  it.each(translated)("translate every text into %s, people's names aside", (lang) => {
    expect(englishFiles.flatMap((file) => missing(file, lang))).toEqual([]);
  });

  it("have a name for every state a branch can be in", () => {
    const read = (file: string) => JSON.parse(readFileSync(path.resolve(siteConfig, file), "utf8"));
    const states: string[] = read("../schemas/branches.schema.json").$defs.branch.properties.state.enum;
    expect(Object.keys(read("interface.json").branches.states)).toEqual(states.map(slugify));
  });
});
