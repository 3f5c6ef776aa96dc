/**
 * History and restore in the hosted editor, in Debian's Chromium: a page's heading is changed and
 * published; the page's History names who changed it, when and what in words; "Restore this
 * version" on the version before (opened from the keyboard, the focus on it, axe-core finding no
 * WCAG 2.1 A/AA problem) opens a change set that puts the old heading back, it is reviewed
 * and published like any other, and the live site, built by the project's own build, serves the
 * old heading again.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, type HostedEditor, password, startTestEditor } from "../editor/hosted/hosted-editor";
import { axe, launchBrowser, signInToEditor } from "./harness";

const page = "site-config/pages/contact-us.json";
const oldHeading = "Contact us";
const newHeading = "Talk to our team";
const email = "meera@hospital.example";

let browser: Browser;
let editor: HostedEditor;
let api: Client;

/** Waits for a publish to end; its final message. */
async function published(id: string): Promise<string> {
  let state = { state: "running", message: "" };
  await expect
    .poll(
      async () => {
        state = (await api.api<typeof state>("GET", `/editor/api/changes/${id}/publish`)).body;
        return state.state;
      },
      { timeout: 300_000, interval: 500 },
    )
    .not.toBe("running");
  return `${state.state}: ${state.message}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await startTestEditor();
  await editor.person(email, ["editor", "reviewer", "publisher"]);
  api = await editor.signIn(email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
}, 300_000);

const signIn = () =>
  signInToEditor(browser, { origin: editor.origin, email, password, viewport: { width: 1400, height: 900 } });

describe("history and restore", { timeout: 600_000 }, () => {
  it("names who changed a page and what, and restoring the version before brings its old text back live", async () => {
    // The heading is changed and published (through the API: the editor's forms have tests of their own).
    const { body: set } = await api.api<{ id: string }>("POST", "/editor/api/changes", { title: "Contact heading" });
    api.changeSet = set.id;
    const { body: file } = await api.api<{ text: string; hash: string }>(
      "GET",
      `/editor/api/file?path=${encodeURIComponent(page)}`,
    );
    const data = JSON.parse(file.text);
    data.blocks[0].text = newHeading;
    const saved = await api.api("PUT", "/editor/api/file", { path: page, data, baseHash: file.hash });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    api.changeSet = undefined;
    await api.api("POST", `/editor/api/changes/${set.id}/submit`, {});
    await api.api("POST", `/editor/api/changes/${set.id}/review`, { verdict: "approved", comment: "" });
    await api.api("POST", `/editor/api/changes/${set.id}/publish`, {});
    expect(await published(set.id)).toMatch(/^published/);

    const meera = await signIn();
    await meera.goto(`${editor.origin}/editor/#file=${page}`);
    await meera.getByRole("link", { name: "History" }).click();
    await meera.getByRole("heading", { name: "History of /contact-us" }).waitFor();
    const versions = meera.getByRole("list", { name: "Versions, newest first" }).locator(":scope > li");
    await expect.poll(() => versions.first().textContent()).toContain(`Text: '${oldHeading}' → '${newHeading}'`);
    expect(await versions.first().locator(".history__who").textContent()).toContain("meera");

    // The version before the change: opened from the keyboard, it takes the focus and says what restoring does.
    await versions
      .nth(1)
      .getByRole("button", { name: /^View this version/ })
      .focus();
    await meera.keyboard.press("Enter");
    const opened = meera.getByRole("heading", { name: /^Version of / });
    await opened.waitFor();
    expect(await opened.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await meera.locator(".history__version .history__changes").textContent()).toBe(
      `Text: '${newHeading}' → '${oldHeading}'`,
    );
    expect(await axe(meera, ".editor__main")).toEqual([]);
    await meera.getByRole("button", { name: "Restore this version" }).click();

    // It is a change set of its own, shown in words for review, then published like any other.
    await meera.locator("#changeset-title", { hasText: "Restored '/contact-us' as of" }).waitFor();
    // The button is gone with the history: the focus is on the change set view's heading.
    expect(await meera.evaluate(() => document.activeElement?.textContent)).toBe("Changes and publishing");
    expect(await meera.locator(".changes__fields li").allTextContents()).toEqual([
      `Text: '${newHeading}' → '${oldHeading}'`,
    ]);
    await meera.getByRole("button", { name: "Send for review" }).click();
    await meera.locator(".changes__status", { hasText: "waiting for review" }).waitFor();
    await meera.getByRole("button", { name: "Approve" }).click();
    await meera.locator(".changes__status", { hasText: "approved" }).waitFor();
    await meera.getByRole("button", { name: "Publish", exact: true }).click();
    const status = meera.locator(".publish__progress [role=status]");
    await status.filter({ hasText: /^Published|failed|Not published|problem/ }).waitFor({ timeout: 300_000 });
    expect(await status.textContent()).toMatch(/^Published/);

    const live = await (await meera.context().request.get(`${editor.origin}/contact-us`)).text();
    expect(live).toContain(`>${oldHeading}</h1>`);
    expect(live).not.toContain(newHeading);
  });
});
