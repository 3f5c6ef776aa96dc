import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyedTexts } from "../../src/shared/i18n/keys";
import { documentTexts, hasDocumentTexts, isTextKey } from "../../src/shared/i18n/texts";

const siteRoot = path.resolve(import.meta.dirname, "../../site-config");
const englishFiles = (dir = siteRoot): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "i18n"
        ? []
        : englishFiles(path.join(dir, e.name))
      : e.name.endsWith(".json")
        ? [path.join(dir, e.name)]
        : [],
  );
const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("which strings are texts to translate", () => {
  it("leaves routes, addresses, image paths, slugs, patterns and the lead's CRM fields alone", () => {
    expect(isTextKey("items.home.route", "/home")).toBe(false);
    expect(isTextKey("social.0.href", "https://www.facebook.com/")).toBe(false);
    expect(isTextKey("fields.mobile.rules.pattern.value", "^[0-9]{10}$")).toBe(false);
    expect(isTextKey("fields.mobile.name", "mobile")).toBe(false);
    expect(isTextKey("lead.attributes.Source", "Website - Book An Appointment")).toBe(false);
    expect(isTextKey("branches.kothapet.specialities.0", "cardiology")).toBe(false);
    expect(isTextKey("defaultDepartment", "Cardiology")).toBe(false);
    expect(isTextKey("branches.kothapet.name", "Kothapet")).toBe(true);
    expect(isTextKey("fields.mobile.rules.required", "Mobile number is required")).toBe(true);
  });

  it("finds no route, address, file path or slug among the site's texts", () => {
    const machineLike = /^(\/[\w\-./#?=&]*|https?:\/\/\S+|mailto:\S+|tel:\S+|[a-z0-9]+(-[a-z0-9]+)+)$/;
    const found = englishFiles().flatMap((file) =>
      documentTexts(read(file))
        .filter((t) => machineLike.test(t.value))
        .map((t) => `${path.relative(siteRoot, file)} ${t.key}: ${t.value}`),
    );
    expect(found).toEqual([]);
  });

  it("tells whether a file has a text to translate as listing them would, for every file of the site", () => {
    for (const file of englishFiles()) {
      const doc = read(file);
      expect(hasDocumentTexts(doc), path.relative(siteRoot, file)).toBe(documentTexts(doc).length > 0);
    }
    expect(hasDocumentTexts({ slug: "knee", url: "/knee", image: "/a.svg" })).toBe(false);
    expect(hasDocumentTexts({ slug: "knee", faqs: [{ question: "  " }, { question: "Is it painful?" }] })).toBe(true);
  });

  it("counts every interface word as a text, so each can be translated", () => {
    const doc = read(path.join(siteRoot, "interface.json"));
    const all = keyedTexts(doc).filter((t) => t.key !== "$schema");
    expect(documentTexts(doc).map((t) => t.key)).toEqual(all.map((t) => t.key));
  });
});
