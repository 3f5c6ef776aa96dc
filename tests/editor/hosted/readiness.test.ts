/**
 * "Ready to publish?" over real HTTP on 127.0.0.1: the real publish check run on a change set's
 * worktree, its errors named by the editor's labels with the treatment they fall in, and a change
 * saved into the change set seen by the next check.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReadinessResponse } from "../../../src/editor/shared/changes-api";
import { type Client, type HostedEditor, startTestEditor } from "./hosted-editor";

let editor: HostedEditor;
let meera: Client;
let changeSet: string;

beforeAll(async () => {
  editor = await startTestEditor({
    steps: { check: async () => ({ ok: true }), build: async () => ({ ok: true }), deploy: async () => ({ ok: true }) },
  });
  await editor.person("meera@hospital.example", ["editor"]);
  meera = await editor.signIn("meera@hospital.example");
  changeSet = (await meera.api<{ id: string }>("POST", "/editor/api/changes", { title: "Real posts" })).body.id;
}, 180_000);

afterAll(async () => {
  await editor?.stop();
}, 300_000);

const readiness = async () => {
  const answer = await meera.api<ReadinessResponse>("GET", `/editor/api/changes/${changeSet}/readiness`);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe("ready to publish?", { timeout: 180_000 }, () => {
  it("lists what blocks publishing by the editor's labels, before the site is marked for production", async () => {
    const result = await readiness();
    expect(result.ready).toBe(false);
    expect(result.production).toBe(false);
    expect(result.summary).toMatch(/^\d+ errors? and \d+ warnings? in \d+ of \d+ files\.$/);
    const post = result.problems.find(
      (p) => p.file === "site-config/blog-posts.json" && p.pointer === "/posts/0/sample",
    );
    expect(post).toMatchObject({ fileLabel: "Blog posts", line: expect.any(Number) });
    expect(post?.place).toMatch(/^Blog post ‘.+’ › /);
    expect(post?.message).toMatch(/is a sample blog post, written to show the layout: before publishing/);
    // A field of a treatment kept in a one-file collection names the treatment, to open its page.
    const inCollection = result.problems.filter((p) => p.file.endsWith("-sub-departments.json"));
    expect(inCollection.length).toBeGreaterThan(0);
    for (const problem of inCollection)
      if (problem.pointer.startsWith("/sub_departments/")) expect(problem.treatment).toMatch(/^[a-z0-9-]+$/);
    expect(inCollection.some((p) => p.treatment)).toBe(true);
  });

  it("sees what the change set fixed: one problem fewer, the others as they were", async () => {
    const before = await readiness();
    meera.changeSet = changeSet;
    const file = "site-config/blog-posts.json";
    const opened = await meera.api<{ text: string; hash: string }>("GET", `/editor/api/file?path=${file}`);
    const data = JSON.parse(opened.body.text);
    data.posts[0].sample = false; // its details made real
    const saved = await meera.api("PUT", "/editor/api/file", { path: file, data, baseHash: opened.body.hash });
    meera.changeSet = undefined;
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await readiness();
    const samplePosts = (r: ReadinessResponse) =>
      r.problems.filter((p) => p.file === file && p.pointer.endsWith("/sample"));
    expect(samplePosts(after)).toHaveLength(samplePosts(before).length - 1);
  });

  it("is for people signed in", async () => {
    const answer = await fetch(`${editor.origin}/editor/api/changes/${changeSet}/readiness`);
    expect(answer.status).toBe(403);
  });
});
