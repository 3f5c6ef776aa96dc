/**
 * The one publish that runs the project's real publish check and build (slow: a first build of
 * the whole site in a new worktree), to show the editor's published worktree really builds.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSteps, type Progress, SiteWorkspace } from "../../../src/editor/server/changes";
import { projectRoot } from "../temp-site";
import { alice, editJson } from "./repo";

describe("publishing with the project's own check and build", { timeout: 600_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "site-editor-real-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("builds the published site with the change, reporting the build's steps", async () => {
    const ws = await SiteWorkspace.open({ dataDir, projectRoot });
    await ws.create("welcome", alice, "Welcome");
    const file = "site-config/navigation.json";
    await editJson(path.join(ws.dir("welcome"), file), (doc) => {
      (doc as { items: Array<{ label: string }> }).items[1].label = "Who We Are";
    });
    await ws.commit("welcome", [file], "Navigation: 'About us' renamed 'Who We Are'", alice);
    const events: Progress[] = [];
    const outcome = await ws.publish("welcome", alice, buildSteps({ projectRoot }), (p) => events.push(p));
    expect(outcome.ok ? "published" : `${outcome.step}: ${outcome.message}`).toBe("published");
    const built = events.filter((e) => e.step === "build").map((e) => e.message);
    expect(built).toEqual(expect.arrayContaining(["inputs", "whole data files, sitemap, clean-up"]));
    expect(built.at(-1)).toMatch(/^Built [\d,]+ pages in /);
    const home = await readFile(path.join(ws.publishedDir(), "dist/index.html"), "utf8");
    expect(home).toContain("Who We Are");
  });
});
