/**
 * A save answers once its commit is made in the editor's clone; the push to the remote follows in
 * the background (push-queue.ts). And the file list a change set's site keeps per commit.
 */
import { rename } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteWorkspace } from "../../../src/editor/server/changes";
import { headCommit } from "../../../src/editor/server/changes/head";
import { ConfigStore } from "../../../src/editor/server/config-store";
import { SiteApi } from "../../../src/editor/server/site-api";
import type { FileListResponse } from "../../../src/editor/shared/api";
import { alice, editJson, gitIn, makeProject, type TempProject, tara } from "./repo";

const nav = "site-config/navigation.json";
const home = "site-config/pages/home.json";
type Nav = { items: Array<{ label: string }> };

describe("saves pushed in the background", { timeout: 120_000 }, () => {
  let project: TempProject;
  let ws: SiteWorkspace;

  beforeAll(async () => {
    project = await makeProject();
    // Failed pushes are tried again after 20 ms here (2 s, doubling, in service).
    ws = await SiteWorkspace.open({ dataDir: project.dataDir(), projectRoot: project.root, pushRetryMs: 20 });
    await ws.create("quick", alice, "Quick");
    await ws.idle();
  }, 120_000);
  afterAll(async () => {
    ws.close();
    await project.remove();
  });

  const saveLabel = async (label: string) => {
    await editJson(path.join(ws.dir("quick"), nav), (doc) => {
      (doc as unknown as Nav).items[0].label = label;
    });
    return ws.commit("quick", [nav], `Navigation: renamed '${label}'`, alice);
  };

  it("answers a save before its push, and the remote gets the commit after", async () => {
    // Another push holds the repository: the save does not wait for it.
    let release: () => void = () => undefined;
    const held = ws.locks.run("refs", () => new Promise<void>((resolve) => (release = resolve)));
    const commit = await saveLabel("Start");
    expect(ws.pushState("quick")).toEqual({ state: "pending", failures: 0 });
    expect(gitIn(ws.remote, "rev-parse", "changes/quick")).not.toBe(commit);
    // What the editor shows of the change set includes the save already.
    expect(await ws.changedFiles("quick")).toEqual([nav]);
    expect(JSON.parse((await ws.fileAt("head", "quick", nav)) ?? "").items[0].label).toBe("Start");
    release();
    await held;
    await ws.idle();
    expect(gitIn(ws.remote, "rev-parse", "changes/quick")).toBe(commit);
    expect(ws.pushState("quick")).toBeUndefined();
  });

  it("keeps a save whose push fails, says why, and pushes it once the remote is back", async () => {
    const away = `${ws.remote}.away`;
    await rename(ws.remote, away);
    const commit = await saveLabel("Begin");
    await ws.pushes.settled("quick");
    const state = ws.pushState("quick");
    expect(state?.state).toBe("failed");
    expect(state?.message).toContain("does not appear to be a git repository");
    // Nothing is lost: the change set still has the save, and reviews it.
    expect(gitIn(ws.dir("quick"), "rev-parse", "HEAD")).toBe(commit);
    expect(JSON.parse((await ws.fileAt("head", "quick", nav)) ?? "").items[0].label).toBe("Begin");
    await rename(away, ws.remote);
    await ws.idle();
    expect(gitIn(ws.remote, "rev-parse", "changes/quick")).toBe(commit);
    expect(ws.pushState("quick")).toBeUndefined();
  });

  it("keeps a change set's file list until a save, or a commit another instance made, moves it", async () => {
    const dir = ws.dir("quick");
    const site = new SiteApi({
      store: new ConfigStore(path.join(dir, "site-config")),
      // The list is what is tested: every save passes.
      check: async () => ({ errors: [], warnings: [] }),
      checkSetup: { projectRoot: dir, siteRoot: path.join(dir, "site-config"), publicDir: path.join(dir, "public") },
      version: () => headCommit(dir),
    });
    const title = (list: FileListResponse) => list.files.find((f) => f.path === home)?.detail;
    const first = await site.files();
    expect(await site.files()).toBe(first);

    const opened = await site.file(home);
    const data = JSON.parse(opened.text);
    data.meta.title = "Welcome";
    const [status] = await site.save({ path: home, data, baseHash: opened.hash }, async (files) => {
      await ws.commit(
        "quick",
        files.map((f) => f.path),
        "Home: title",
        alice,
      );
    });
    expect(status).toBe(200);
    expect(title(await site.files())).toBe("Welcome");

    // Another instance saves to the same change set; this one takes the commit in (as a save does first).
    await ws.idle();
    const other = await SiteWorkspace.open({
      dataDir: project.dataDir("other"),
      remote: ws.remote,
      projectRoot: project.root,
    });
    await other.ensure("quick");
    await editJson(path.join(other.dir("quick"), home), (doc) => {
      (doc.meta as { title: string }).title = "Hello";
    });
    await other.commit("quick", [home], "Home: title again", tara);
    await other.idle();
    const kept = await site.files();
    await ws.fetch();
    await ws.ensure("quick");
    expect(title(kept)).toBe("Welcome");
    expect(title(await site.files())).toBe("Hello");
    other.close();
  });
});
