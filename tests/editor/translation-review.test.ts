/**
 * Translation review per text in the editor, over real HTTP on a copy of the site kept in a git
 * repository: a change to an English FAQ answer makes its Telugu translation stale, the state
 * shows the old English (from the file's git history) beside the new, the queue lists it, a save
 * records today's English, and review marks come only from the review route.
 */
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import type {
  FileResponse,
  QueueResponse,
  ReviewResponse,
  SaveResponse,
  TranslationStateResponse,
} from "../../src/editor/shared/api";
import { sourceHash } from "../../src/shared/i18n/review";
import { copySite, projectRoot, type TempSite } from "./temp-site";

let site: TempSite;
let editor: RunningEditor;
const english = "site-config/collections/orthopedics-sub-departments.json";
const key = "sub_departments.total-knee-replacement.content.faqs.0.answer";
let oldAnswer: string;
const newAnswer = "At our Kukatpally branch it costs ₹1.6 lakhs, including implants, stay and physiotherapy.";

beforeAll(async () => {
  site = await copySite();
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@localhost", ...args], {
      cwd: path.dirname(site.siteRoot),
    });
  git("init", "-q");
  git("add", "site-config");
  git("commit", "-qm", "site");
  const file = site.file(english);
  const text = await readFile(file, "utf8");
  const doc = JSON.parse(text);
  oldAnswer = doc.sub_departments.find((t: { slug: string }) => t.slug === "total-knee-replacement").content.faqs[0]
    .answer;
  await writeFile(file, text.replace(JSON.stringify(oldAnswer).slice(1, -1), newAnswer));
  git("commit", "-qam", "New price");
  editor = await startEditorServer({ siteRoot: site.siteRoot, port: 0, app: false, projectRoot });
});

afterAll(async () => {
  await editor?.close();
  await site?.remove();
});

const api = (p: string) => `${editor.url}/editor/api/${p}`;
const send = (method: string, p: string, body: unknown) =>
  fetch(api(p), { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const getJson = async <T>(p: string) => (await (await fetch(api(p))).json()) as T;
const state = () =>
  getJson<TranslationStateResponse>(`translation-state?path=${encodeURIComponent(english)}&lang=te`).then((s) =>
    s.texts.find((t) => t.key === key),
  );

describe("editor API: translation review per text", () => {
  it("shows a stale text with the English it was made from, out of the English file's history, and the new", async () => {
    expect(await state()).toMatchObject({ state: "stale", english: newAnswer, oldEnglish: oldAnswer });
  });

  it("lists the stale text in the language's queue, largest pages first", async () => {
    const queue = await getJson<QueueResponse>("translation-queue?lang=te");
    const item = queue.items.find((i) => i.path === english);
    expect(item).toMatchObject({ stale: 1, untranslated: 0 });
    const sizes = queue.items.map((i) => i.texts);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it("records today's English when the translation is saved, keeping the review marks it cannot forge", async () => {
    const opened = (await (await send("POST", "translation", { path: english, lang: "te" })).json()) as FileResponse;
    const data = JSON.parse(opened.text);
    data.strings[key] = "మా కూకట్‌పల్లి బ్రాంచ్‌లో ఇంప్లాంట్లు, బస, ఫిజియోథెరపీతో కలిపి ₹1.6 లక్షలు.";
    data.reviewed = [key];
    const saved = await send("PUT", "file", { path: opened.info.path, data, baseHash: opened.hash });
    expect(saved.status).toBe(200);
    const doc = JSON.parse(((await saved.json()) as SaveResponse).text);
    expect(doc.sources[key]).toBe(sourceHash(newAnswer));
    expect(doc.reviewed).not.toContain(key);
    expect(await state()).toMatchObject({ state: "awaiting-review" });
  });

  it("marks a text reviewed through the review route, and the whole page, refusing what is not translated", async () => {
    const one = await send("POST", "translation-review", { path: english, lang: "te", keys: [key] });
    expect(((await one.json()) as ReviewResponse).marked).toBe(1);
    expect(await state()).toMatchObject({ state: "reviewed" });
    const nav = await send("POST", "translation-review", { path: "site-config/navigation.json", lang: "hi" });
    expect((await nav.json()) as ReviewResponse).toMatchObject({ status: "reviewed" });
    const refused = await send("POST", "translation-review", { path: english, lang: "te", keys: ["name"] });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Not marked: 'name' is not translated, or stale (the English changed since): update the translation first.",
    );
  });
});
