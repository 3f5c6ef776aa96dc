/**
 * What the development servers (`npm run dev`, the editor) answer under /assets/data/ and
 * /assets/builtin/ for treatments' translations: the files the build writes, made from
 * site-config/ on each request, and a 404 for a translation that does not exist.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { servedData } from "../../src/build/vite/site-data-plugin";
import { builtInModule } from "../../src/shared/collections/data-files";
import { translations } from "../helpers/published-data";
import { siteConfigDir } from "../helpers/site-collections";
import { keepTreatmentTranslations } from "../helpers/untranslated";

// The site's config, with the knee page the only orthopedics treatment translated.
const copy = mkdtempSync(path.join(tmpdir(), "site-data-"));
cpSync(siteConfigDir, copy, { recursive: true });
keepTreatmentTranslations(copy, "orthopedics-sub-departments", ["total-knee-replacement"]);
afterAll(() => rmSync(copy, { recursive: true, force: true }));
const collections = path.join(copy, "collections");
const serve = (url: string) => servedData(collections, url, (file) => readFile(file));
const knee = translations["orthopedics-sub-departments.json"].te["total-knee-replacement"];

describe("the development server's treatment translations", () => {
  it("serves a translated treatment's texts and their built-in copy", async () => {
    const json = await serve("/assets/data/te/orthopedics-sub-departments/total-knee-replacement.json");
    expect(json?.type).toBe("application/json; charset=utf-8");
    expect(JSON.parse(json?.body ?? "")).toEqual({ strings: knee });
    const module = await serve("/assets/builtin/te/orthopedics-sub-departments/total-knee-replacement.js");
    expect(module?.type).toBe("text/javascript; charset=utf-8");
    expect(module?.body).toBe(builtInModule(JSON.stringify({ strings: knee })));
  });

  it("names the languages of a treatment's translations in its data file, and only there", async () => {
    const data = await serve("/assets/data/orthopedics-sub-departments/total-knee-replacement.json");
    expect(data?.body).toMatch(/\],"translated":\["hi","te"\]\}$/);
    const whole = await serve("/assets/data/orthopedics-sub-departments.json");
    expect(whole?.body).not.toContain('"translated"');
    const untranslated = await serve(
      "/assets/data/orthopedics-sub-departments/sports-injury-hospital-in-kukatpally.json",
    );
    expect(JSON.parse(untranslated?.body ?? "{}").translated).toBeUndefined();
  });

  it("answers nothing (a 404) for a translation that does not exist", async () => {
    expect(
      await serve("/assets/data/te/orthopedics-sub-departments/sports-injury-hospital-in-kukatpally.json"),
    ).toBeUndefined();
    expect(await serve("/assets/data/te/orthopedics-sub-departments/total-knee-replacement.js")).toBeUndefined();
    expect(await serve("/assets/data/fr/orthopedics-sub-departments/total-knee-replacement.json")).toBeUndefined();
  });
});
