/**
 * Translation review per text in the hosted editor, in Debian's Chromium, with local accounts: an
 * editor changes an English FAQ answer in a change set, which makes its Telugu translation stale
 * (the publish check says so); the Telugu translator finds it in the queue, sees the old and new
 * English beside the translation and updates it; a reviewer marks it reviewed; and the publish
 * check on the change set no longer lists it.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type HostedEditor, password, startTestEditor } from "../editor/hosted/hosted-editor";
import { launchBrowser, signInToEditor } from "./harness";

const run = promisify(execFile);

let browser: Browser;
let editor: HostedEditor;
let changeSet: string;

const people = {
  editor: "meera@hospital.example",
  translator: "ravi@hospital.example",
  reviewer: "lakshmi@hospital.example",
};
const collection = "site-config/collections/orthopedics-sub-departments.json";
const telugu = "site-config/i18n/te/collections/orthopedics-sub-departments.json";
const key = "sub_departments.total-knee-replacement.content.faqs.0.answer";
const newAnswer = "At our Kukatpally branch a total knee replacement costs ₹1.6 lakhs, including implants and stay.";
const newTelugu = "మా కూకట్‌పల్లి బ్రాంచ్‌లో పూర్తి మోకాలి మార్పిడి ఖర్చు ఇంప్లాంట్లు, బసతో కలిపి ₹1.6 లక్షలు.";

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await startTestEditor();
  await editor.person(people.editor, ["editor"]);
  await editor.person(people.translator, ["translator"], ["te"]);
  await editor.person(people.reviewer, ["reviewer"], ["te"]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
}, 300_000);

/** A person's own browser, signed in with their password, working in the change set. */
const signIn = (email: string) => signInToEditor(browser, { origin: editor.origin, email, password, changeSet });

/** The publish check (`validate --publish`) on the change set's files: its stale translations into Telugu. */
async function staleInPublishCheck(): Promise<string[]> {
  const dir = editor.workspace.dir(changeSet);
  // As the publisher's check runs it: the change set's own validator, in its worktree.
  const out = await run(process.execPath, ["scripts/validate.mjs", "--publish", "--format", "json"], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const report = JSON.parse(out.stdout) as {
    errors: { file: string; name: string; severity: string; pointer: string }[];
  };
  return report.errors
    .filter((p) => p.name === "StaleTranslation" && p.file === telugu)
    .map((p) => `${p.severity} ${p.pointer}`);
}

describe("translation review per text, in the hosted editor", { timeout: 300_000 }, () => {
  it("takes a stale Telugu FAQ answer from the queue through update and review, and the publish check stops listing it", async () => {
    // The editor changes the English answer in a change set (through the editor's API).
    const meera = await Client.signIn(editor.origin, people.editor);
    changeSet = (await meera.api<{ id: string }>("POST", "/editor/api/changes", { title: "Knee replacement price" }))
      .body.id;
    meera.changeSet = changeSet;
    const entry = `/editor/api/entry?path=${encodeURIComponent(collection)}&slug=total-knee-replacement`;
    const opened = (await meera.api<{ text: string; hash: string }>("GET", entry)).body;
    const treatment = JSON.parse(opened.text);
    treatment.content.faqs[0].answer = newAnswer;
    const saved = await meera.api("PUT", "/editor/api/entry", {
      path: collection,
      slug: "total-knee-replacement",
      data: treatment,
      baseHash: opened.hash,
    });
    expect(saved.status).toBe(200);
    expect(await staleInPublishCheck()).toEqual([`warning /strings/${key}`]);

    // The translator finds it in the Telugu queue and opens it.
    const ravi = await signIn(people.translator);
    await ravi.goto(`${editor.origin}/editor/#queue=1&lang=te`);
    const row = ravi.getByRole("row", { name: /Orthopedics treatments/ });
    await expect.poll(() => row.getByRole("cell").nth(2).textContent()).toBe("1");
    await row.getByRole("link").click();
    await ravi.getByLabel("Show texts").selectOption("stale");
    const text = ravi.locator(`.translation-row[data-key='${key}']`);
    await expect
      .poll(() => text.locator(".translation-row__state").textContent())
      .toBe("Stale: the English changed since");
    // Old English (from the file's history), new English and the translation, side by side.
    expect(await text.locator(".translation-row__english--old").textContent()).toContain("₹1.5 lakhs");
    expect(await text.locator(".translation-row__compare").textContent()).toContain(newAnswer);
    await text.locator("textarea").fill(newTelugu);
    await ravi.getByRole("button", { name: "Save", exact: true }).click();
    const said = ravi.locator(".translation-editor > .notice[role=status]");
    await said.waitFor();
    expect(await said.textContent()).toBe(`Saved ${telugu}.`);
    // A translator is no reviewer: no button to mark it.
    await ravi.getByLabel("Show texts").selectOption("awaiting-review");
    await expect.poll(() => text.locator(".translation-row__state").textContent()).toBe("Awaiting review");
    expect(await ravi.getByRole("button", { name: "Mark the whole page reviewed" }).count()).toBe(0);
    expect(await staleInPublishCheck()).toEqual([]);

    // The reviewer marks it reviewed.
    const lakshmi = await signIn(people.reviewer);
    await lakshmi.goto(`${editor.origin}/editor/#file=${collection}&lang=te`);
    const reviewed = lakshmi.locator(`.translation-row[data-key='${key}']`);
    await reviewed.getByRole("button", { name: "Mark reviewed" }).click();
    await lakshmi.getByRole("status").filter({ hasText: "Marked 1 text reviewed" }).waitFor();
    await expect.poll(() => reviewed.locator(".translation-row__state").textContent()).toBe("Reviewed");
    const file = await run("git", ["show", `HEAD:${telugu}`], { cwd: editor.workspace.dir(changeSet) });
    const doc = JSON.parse(file.stdout);
    expect(doc.strings[key]).toBe(newTelugu);
    expect(doc.reviewed).toContain(key);
    const author = await run("git", ["log", "-1", "--format=%an"], { cwd: editor.workspace.dir(changeSet) });
    expect(author.stdout.trim()).toBe("lakshmi");
    expect(await staleInPublishCheck()).toEqual([]);
  });
});
