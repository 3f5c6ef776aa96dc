/**
 * Translating in the editor, over real HTTP: the languages and what is untranslated per file, a
 * translation made (a draft) the first time a file is translated, and saves checked as the
 * validator checks translations.
 */
import { readFile, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import type { FileListResponse, FileResponse, RefusedResponse } from "../../src/editor/shared/api";
import { copySite, projectRoot, type TempSite } from "./temp-site";

let site: TempSite;
let editor: RunningEditor;

beforeAll(async () => {
  site = await copySite();
  // Every file of the site is translated: the blog posts are made a file never translated into Telugu.
  await rm(site.file("site-config/i18n/te/blog-posts.json"));
  editor = await startEditorServer({ siteRoot: site.siteRoot, port: 0, app: false, projectRoot });
});

afterAll(async () => {
  await editor?.close();
  await site?.remove();
});

const api = (p: string) => `${editor.url}/editor/api/${p}`;
const post = (p: string, body: unknown) =>
  fetch(api(p), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("editor API: translations", () => {
  it("lists the site's languages and, per file and language, how many texts are untranslated", async () => {
    const list = (await (await fetch(api("files"))).json()) as FileListResponse;
    expect(list.languages.map((l) => l.code)).toEqual(["en", "te", "hi"]);
    expect(list.untranslated["site-config/navigation.json"]).toEqual({ te: 0, hi: 0 });
    expect(list.untranslated["site-config/blog-posts.json"]?.te).toBeGreaterThan(0);
    expect(list.files.some((f) => f.path.includes("/i18n/"))).toBe(false);
  });

  it("makes an empty draft the first time a file is translated, and opens the existing one after", async () => {
    const first = await post("translation", { path: "site-config/blog-posts.json", lang: "te" });
    expect(first.status).toBe(200);
    const opened = (await first.json()) as FileResponse;
    expect(opened.info.path).toBe("site-config/i18n/te/blog-posts.json");
    expect(JSON.parse(opened.text)).toEqual({
      $schema: "../../../schemas/translation.schema.json",
      status: "draft",
      strings: {},
      sources: {},
      reviewed: [],
    });
    expect(await readFile(site.file("site-config/i18n/te/blog-posts.json"), "utf8")).toBe(opened.text);
    const again = (await (
      await post("translation", { path: "site-config/navigation.json", lang: "hi" })
    ).json()) as FileResponse;
    expect(JSON.parse(again.text).strings["items.home.label"]).toBe("होम");
  });

  it("refuses a language site.json does not list", async () => {
    const answer = await post("translation", { path: "site-config/navigation.json", lang: "fr" });
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toBe("'fr' is not one of the languages site.json lists.");
  });

  it("refuses to save a translation whose placeholders differ from the English, at its field", async () => {
    const opened = (await (
      await post("translation", { path: "site-config/interface.json", lang: "te" })
    ).json()) as FileResponse;
    const data = JSON.parse(opened.text);
    data.strings["doctorSearch.book"] = "అపాయింట్‌మెంట్ బుక్ చేయండి";
    const answer = await fetch(api("file"), {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: opened.info.path, data, baseHash: opened.hash }),
    });
    expect(answer.status).toBe(400);
    const refused = (await answer.json()) as RefusedResponse;
    expect(refused.errors.map((p) => [p.file, p.pointer, p.name])).toEqual([
      ["site-config/i18n/te/interface.json", "/strings/doctorSearch.book", "TranslationPlaceholders"],
    ]);
  });
});
