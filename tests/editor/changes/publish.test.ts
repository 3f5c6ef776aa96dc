import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../../src/build/collection-storage";
import {
  type Author,
  type Progress,
  type PublishSteps,
  SiteWorkspace,
  type StepResult,
} from "../../../src/editor/server/changes";
import { alice, editJson, gitIn, makeProject, type TempProject, tara } from "./repo";

/** One treatment page's own file (the cardiology collection stored as a folder). */
const slug = "treatment-for-heart-failure-in-kukatpally";
const treatment = `site-config/collections/cardiology-sub-departments/${slug}.json`;
type Treatment = { meta_title: string; content: { h1: string } };

const publisher: Author = { name: "Pat Publisher", email: "pat@hospital.example" };

/** Steps that pass, remembering what the build saw of the treatment in the published worktree. */
function testSteps(check: (dir: string) => Promise<StepResult> = async () => ({ ok: true })) {
  const built: Treatment[] = [];
  const steps: PublishSteps = {
    check,
    build: async (dir, progress) => {
      built.push(JSON.parse(await readFile(path.join(dir, treatment), "utf8")));
      progress({ step: "build", done: 1, total: 1, message: "pages and data (1 job of 3)" });
      return { ok: true };
    },
    deploy: async () => ({ ok: true, message: "Deployed." }),
  };
  return { steps, built };
}

describe("publishing change sets", { timeout: 120_000 }, () => {
  let project: TempProject;
  let ws: SiteWorkspace;
  const published = async () =>
    JSON.parse((await readFile(path.join(ws.publishedDir(), treatment), "utf8")) as string) as Treatment;
  const change = async (id: string, who: Author, edit: (t: Treatment) => void) => {
    await ws.create(id, who, id);
    await editJson(path.join(ws.dir(id), treatment), (doc) => edit(doc as unknown as Treatment));
    await ws.commit(id, [treatment], `${id} by ${who.name}`, who);
  };

  beforeAll(async () => {
    project = await makeProject(["site-config/collections/cardiology-sub-departments.json"], (root) => {
      splitCollection(path.join(root, "site-config/collections/cardiology-sub-departments.json"));
    });
    ws = await SiteWorkspace.open({ dataDir: project.dataDir(), projectRoot: project.root });
  }, 120_000);
  afterAll(() => project.remove());

  it("publishes in named steps: published moves forward, is pushed, built and deployed", async () => {
    await change("heading", alice, (t) => {
      t.content.h1 = "Alice's heading";
    });
    const events: Progress[] = [];
    const { steps, built } = testSteps();
    const outcome = await ws.publish("heading", publisher, steps, (p) => events.push(p));
    expect(outcome).toMatchObject({ ok: true, message: "Deployed." });
    expect(events.map((e) => `${e.step} ${e.done}/${e.total}`)).toEqual([
      "update 0/6",
      "merge 1/6",
      "check 2/6",
      "build 3/6",
      "build 1/1",
      "push 4/6",
      "deploy 5/6",
      "deploy 6/6",
    ]);
    expect(built.map((t) => t.content.h1)).toEqual(["Alice's heading"]);
    expect(gitIn(ws.remote, "rev-parse", "main")).toBe(outcome.ok ? outcome.commit : "");
    expect(gitIn(ws.remote, "log", "-1", "--format=%an", "main")).toBe("Alice Editor");
  });

  it("merges two people's changes to different fields of the same treatment without asking", async () => {
    await change("title", tara, (t) => {
      t.meta_title = "Tara's title";
    });
    // Started before "heading" was published; brought up to date on publishing.
    const outcome = await ws.publish("title", publisher, testSteps().steps, () => {});
    expect(outcome.ok).toBe(true);
    const now = await published();
    expect([now.content.h1, now.meta_title]).toEqual(["Alice's heading", "Tara's title"]);
  });

  it("shows the second publisher both values of a field changed twice, and publishes the pick", async () => {
    await ws.create("heading-2", tara, "Heading");
    // Tara's change set was started from the site before Alice's heading: reset it to there.
    gitIn(
      ws.dir("heading-2"),
      "reset",
      "--quiet",
      "--hard",
      `${gitIn(ws.remote, "rev-list", "--max-parents=0", "main")}`,
    );
    gitIn(ws.repo, "push", "--quiet", "--force", "origin", "changes/heading-2");
    await editJson(path.join(ws.dir("heading-2"), treatment), (doc) => {
      (doc as unknown as Treatment).content.h1 = "Tara's heading";
    });
    await ws.commit("heading-2", [treatment], "Heading by Tara", tara);

    const before = gitIn(ws.remote, "rev-parse", "main");
    const refused = await ws.publish("heading-2", publisher, testSteps().steps, () => {});
    expect(refused).toEqual({
      ok: false,
      step: "update",
      message:
        "The published site changed a field that this change set changed too: pick which value to keep, then publish again.",
      conflicts: [
        {
          file: treatment,
          pointer: "/content/h1",
          label: "Content › Main heading",
          ours: "Tara's heading",
          theirs: "Alice's heading",
          base: "Heart Failure Treatment in Kukatpally",
        },
      ],
    });
    expect(gitIn(ws.remote, "rev-parse", "main")).toBe(before);

    expect(await ws.update("heading-2", [{ file: treatment, pointer: "/content/h1", take: "ours" }], tara)).toEqual({
      upToDate: true,
    });
    expect((await ws.publish("heading-2", publisher, testSteps().steps, () => {})).ok).toBe(true);
    const now = await published();
    expect([now.content.h1, now.meta_title]).toEqual(["Tara's heading", "Tara's title"]);
    // Alice's value is not lost: it is in the published history, and the choice is written down.
    expect(gitIn(ws.remote, "log", "--format=%an: %s", "main").split("\n")).toEqual(
      expect.arrayContaining(["Alice Editor: heading by Alice Editor", "Tara Translator: Heading by Tara"]),
    );
    expect(gitIn(ws.remote, "log", "-1", "--format=%an: %B", "main")).toBe(
      [
        "Tara Translator: Brought up to date with the published site (merged by field: 1 file)",
        "",
        `${treatment} › Content › Main heading: kept 'Tara's heading' (the published site had 'Alice's heading')`,
      ].join("\n"),
    );
  });

  it("refuses in the check's words when the publish check fails, and publishes nothing", async () => {
    await change("broken", alice, (t) => {
      t.meta_title = "";
    });
    const before = gitIn(ws.remote, "rev-parse", "main");
    const { steps } = testSteps(async () => ({ ok: false, message: "The publish check found problems: …" }));
    expect(await ws.publish("broken", publisher, steps, () => {})).toEqual({
      ok: false,
      step: "check",
      message: "The publish check found problems: …",
    });
    expect(gitIn(ws.remote, "rev-parse", "main")).toBe(before);
  });

  it("publishes nothing when the build refuses the site's config, and says so as the check", async () => {
    await change("refused", alice, (t) => {
      t.meta_title = "Refused title";
    });
    const before = gitIn(ws.remote, "rev-parse", "main");
    const { steps } = testSteps();
    steps.build = async () => ({ ok: false, refused: true, message: "The publish check found problems:\n…" });
    expect(await ws.publish("refused", publisher, steps, () => {})).toEqual({
      ok: false,
      step: "check",
      message: "The publish check found problems:\n…",
    });
    expect(gitIn(ws.remote, "rev-parse", "main")).toBe(before);
    expect(gitIn(ws.publishedDir(), "rev-parse", "HEAD")).toBe(before);
  });

  it("starts again when another editor instance published while this one was checking", async () => {
    const other = await SiteWorkspace.open({
      dataDir: project.dataDir("other"),
      remote: ws.remote,
      projectRoot: project.root,
    });
    await change("late", alice, (t) => {
      t.meta_title = "Late title";
    });
    await other.create("early", tara, "early");
    await editJson(path.join(other.dir("early"), treatment), (doc) => {
      (doc as unknown as Treatment).content.h1 = "Early heading";
    });
    await other.commit("early", [treatment], "early", tara);
    let checks = 0;
    const { steps, built } = testSteps(async () => {
      checks++;
      // While this publish checks, the other instance publishes first.
      if (checks === 1) expect((await other.publish("early", publisher, testSteps().steps, () => {})).ok).toBe(true);
      return { ok: true };
    });
    expect((await ws.publish("late", publisher, steps, () => {})).ok).toBe(true);
    expect(checks).toBe(2);
    // Built before pushing, so built again on top of the other instance's publish.
    expect(built.map((t) => [t.content.h1, t.meta_title]).at(-1)).toEqual(["Early heading", "Late title"]);
  });

  it("moves a change set with nothing of its own forward to published, without a merge commit", async () => {
    await ws.create("fresh", alice, "Fresh");
    await change("moves", alice, (t) => {
      t.meta_title = "Moved on";
    });
    expect((await ws.publish("moves", publisher, testSteps().steps, () => {})).ok).toBe(true);
    expect(await ws.update("fresh")).toEqual({ upToDate: true });
    expect(gitIn(ws.remote, "rev-parse", "changes/fresh")).toBe(gitIn(ws.remote, "rev-parse", "main"));
  });
});
