/**
 * Translating one treatment page of a collection stored as a folder, over real HTTP: its own
 * translation file (site-config/i18n/{code}/collections/{stem}/{slug}.json) is opened, made (an
 * empty draft) the first time, and saved alone, checked as the validator checks it.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import type {
  CollectionIndexResponse,
  FileListResponse,
  FileResponse,
  RefusedResponse,
  SaveResponse,
  UntranslatedResponse,
} from "../../src/editor/shared/api";
import { documentTexts } from "../../src/shared/i18n/texts";
import { keepTreatmentTranslations } from "../helpers/untranslated";
import { copySite, projectRoot, type TempSite } from "./temp-site";

let site: TempSite;
let editor: RunningEditor;

const folder = "site-config/collections/orthopedics-sub-departments";
const translations = "site-config/i18n/te/collections/orthopedics-sub-departments";
const hip = "best-hospital-for-hip-replacement-in-hyderabad";

beforeAll(async () => {
  site = await copySite();
  // The collection and its Telugu and Hindi translations (of the knee page only: the hip page has
  // none), one file per treatment page.
  keepTreatmentTranslations(site.siteRoot, "orthopedics-sub-departments", ["total-knee-replacement"]);
  splitCollection(site.file(`${folder}.json`));
  editor = await startEditorServer({ siteRoot: site.siteRoot, port: 0, app: false, projectRoot });
});

afterAll(async () => {
  await editor?.close();
  await site?.remove();
});

const api = (p: string) => `${editor.url}/editor/api/${p}`;
const send = (method: string, p: string, body: unknown) =>
  fetch(api(p), { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const open = async (slug: string) =>
  (await (await send("POST", "translation", { path: `${folder}/${slug}.json`, lang: "te" })).json()) as FileResponse;

describe("editor API: translating a treatment page of a collection folder", () => {
  it("lists, in a language, how many texts of each treatment on the list's page are untranslated", async () => {
    const list = async (lang?: string) => {
      const q = new URLSearchParams({ path: `${folder}/_collection.json`, q: "", offset: "0", limit: "50" });
      if (lang) q.set("lang", lang);
      return (await (await fetch(api(`collection?${q}`))).json()) as CollectionIndexResponse;
    };
    const telugu = await list("te");
    const knee = telugu.items.find((i) => i.slug === "total-knee-replacement");
    const hipItem = telugu.items.find((i) => i.slug === hip);
    // The knee's texts are translated into Telugu (a draft of every text); the hip's have no file.
    expect(knee?.untranslated).toBe(0);
    expect(hipItem?.untranslated).toBeGreaterThan(10);
    // Counted as the file list counts a file: a text with no translation, or an empty one.
    const english = JSON.parse(await readFile(site.file(`${folder}/${hip}.json`), "utf8"));
    expect(hipItem?.untranslated).toBe(documentTexts(english).length);
    // In English, or a language the site does not have, no counts.
    expect((await list()).items.every((i) => i.untranslated === undefined)).toBe(true);
    expect((await list("fr")).items.every((i) => i.untranslated === undefined)).toBe(true);
  });

  it("counts a collection folder's untranslated texts in all, its treatments' with its settings', and follows a save", async () => {
    const totals = async () =>
      (await (
        await fetch(api(`untranslated?path=${encodeURIComponent(`${folder}/_collection.json`)}`))
      ).json()) as UntranslatedResponse;
    // Each treatment's count, as the list shows it, and the settings' as the file list counts a file.
    const perTreatment = async (lang: string) => {
      const q = new URLSearchParams({ path: `${folder}/_collection.json`, q: "", offset: "0", limit: "50", lang });
      const answer = (await (await fetch(api(`collection?${q}`))).json()) as CollectionIndexResponse;
      return answer.items.reduce((n, i) => n + (i.untranslated ?? 0), 0);
    };
    const list = (await (await fetch(api("files"))).json()) as FileListResponse;
    const settings = list.untranslated[`${folder}/_collection.json`] ?? { te: 0, hi: 0 };
    const before = await totals();
    expect(before.te).toBe((await perTreatment("te")) + settings.te);
    expect(before.hi).toBe((await perTreatment("hi")) + settings.hi);
    expect(before.te).toBeGreaterThan(0);

    // The hip's name translated into Hindi (a first translation: an empty draft, then one text): one fewer.
    const opened = (await (
      await send("POST", "translation", { path: `${folder}/${hip}.json`, lang: "hi" })
    ).json()) as FileResponse;
    const data = { ...JSON.parse(opened.text), strings: { name: "हिप रिप्लेसमेंट सर्जरी" } };
    const saved = await send("PUT", "file", { path: opened.info.path, data, baseHash: opened.hash });
    expect(saved.status).toBe(200);
    expect((await totals()).hi).toBe(before.hi - 1);
  });

  it("opens the treatment's own translation file", async () => {
    const opened = await open("total-knee-replacement");
    expect(opened.info.path).toBe(`${translations}/total-knee-replacement.json`);
    expect(JSON.parse(opened.text).strings["content.h1"]).toBe("మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్)");
  });

  it("makes an empty draft of its own the first time a treatment is translated, and saves only it", async () => {
    const opened = await open(hip);
    expect(opened.info.path).toBe(`${translations}/${hip}.json`);
    expect(JSON.parse(opened.text)).toEqual({
      $schema: "../../../../../schemas/translation.schema.json",
      status: "draft",
      strings: {},
      sources: {},
      reviewed: [],
    });
    const data = { ...JSON.parse(opened.text), strings: { name: "హిప్ రీప్లేస్‌మెంట్ సర్జరీ" } };
    const answer = await send("PUT", "file", { path: opened.info.path, data, baseHash: opened.hash });
    expect(answer.status).toBe(200);
    const saved = (await answer.json()) as SaveResponse;
    expect(await readFile(site.file(`${translations}/${hip}.json`), "utf8")).toBe(saved.text);
    expect(JSON.parse(saved.text).strings).toEqual({ name: "హిప్ రీప్లేస్‌మెంట్ సర్జరీ" });
    // The collection's translation is not made as one file.
    expect(existsSync(site.file(`${translations}.json`))).toBe(false);
  });

  it("refuses a key the treatment's file has no text for, at its field", async () => {
    const opened = await open("total-knee-replacement");
    const data = JSON.parse(opened.text);
    data.strings["content.h11"] = data.strings["content.h1"];
    const answer = await send("PUT", "file", { path: opened.info.path, data, baseHash: opened.hash });
    expect(answer.status).toBe(400);
    const refused = (await answer.json()) as RefusedResponse;
    expect(refused.errors.map((p) => [p.file, p.pointer, p.name])).toEqual([
      [`${translations}/total-knee-replacement.json`, "/strings/content.h11", "StaleTranslationKey"],
    ]);
  });
});
