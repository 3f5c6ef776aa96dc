/**
 * "Before and after" for a reviewer: a published page at /editor/published/page/<path>, whatever
 * the browser's preview cookie says, beside the same path seen through a change set's preview;
 * the published page's hashed scripts and styles are found while a preview is being looked at.
 * Over real HTTP on 127.0.0.1, with a stand-in build that writes the site's name into a page.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, type HostedEditor, startTestEditor } from "./hosted-editor";

/** The stand-in build: the home page says the site's name; a style sheet named after it. */
async function build(dir: string) {
  const name = JSON.parse(readFileSync(path.join(dir, "site-config/site.json"), "utf8")).name as string;
  const dist = path.join(dir, "dist");
  mkdirSync(path.join(dist, "home"), { recursive: true });
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  const style = `site-${name.length.toString(16).padStart(8, "0")}.css`;
  writeFileSync(path.join(dist, "assets", style), `/* ${name} */`);
  writeFileSync(
    path.join(dist, "home", "index.html"),
    `<link rel="stylesheet" href="/assets/${style}"><h1>${name}</h1>`,
  );
  writeFileSync(path.join(dist, "shell.html"), "<div id=root></div>");
  return { ok: true as const };
}

let editor: HostedEditor;
let meera: Client;
let changeSet: string;
let before: string;

beforeAll(async () => {
  editor = await startTestEditor({
    steps: { check: async () => ({ ok: true }), build, deploy: async () => ({ ok: true }) },
  });
  await editor.person("meera@hospital.example", ["editor"]);
  meera = await editor.signIn("meera@hospital.example");
  changeSet = (await meera.api<{ id: string }>("POST", "/editor/api/changes", { title: "New name" })).body.id;
  meera.changeSet = changeSet;
  const file = "site-config/site.json";
  const opened = await meera.api<{ text: string; hash: string }>("GET", `/editor/api/file?path=${file}`);
  const data = JSON.parse(opened.body.text);
  before = data.name;
  const saved = await meera.api("PUT", "/editor/api/file", {
    path: file,
    data: { ...data, name: "Renamed Hospitals" },
    baseHash: opened.body.hash,
  });
  expect(saved.status).toBe(200);
  meera.changeSet = undefined;
}, 180_000);

afterAll(async () => {
  await editor?.stop();
}, 300_000);

describe("a page before and after a change set", { timeout: 120_000 }, () => {
  it("serves the published page beside the same path in the change set's preview", async () => {
    const preview = await meera.api<{ url: string }>("POST", `/editor/api/changes/${changeSet}/preview`, {});
    expect(preview.body).toEqual({ url: `/editor/changes/${changeSet}/site` });
    await meera.fetch(preview.body.url); // what the app does: the cookie now names the change set
    const after = await (await meera.fetch("/home")).text();
    expect(after).toContain("<h1>Renamed Hospitals</h1>");
    const published = await meera.fetch("/editor/published/page/home");
    expect(published.status).toBe(200);
    expect(published.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await published.text()).toContain(`<h1>${before}</h1>`);
    // The site's own policy (no 'unsafe-eval'), framed by the editor only.
    const policy = published.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("finds the published page's own style sheet while the preview is being looked at", async () => {
    const html = await (await meera.fetch("/editor/published/page/home")).text();
    const style = /href="(\/assets\/[^"]+)"/.exec(html)?.[1] as string;
    const answer = await meera.fetch(style);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`/* ${before} */`);
  });

  it("says in words that a page is not published, and never leaves the published site", async () => {
    for (const page of ["/editor/published/page/no-such-page", "/editor/published/page/..%2F..%2Fsite-config"]) {
      const answer = await meera.api<{ message: string }>("GET", page);
      expect(answer.status, page).toBe(404);
      expect(answer.body.message).toBe("That page is not on the published site: it may be new in this change set.");
    }
  });

  it("shows nothing to someone signed out", async () => {
    const answer = await fetch(`${editor.origin}/editor/published/page/home`, { redirect: "manual" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(/^\/editor\/sign-in\?next=/);
  });
});
