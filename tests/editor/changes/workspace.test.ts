import { existsSync } from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFileChanges, SiteWorkspace } from "../../../src/editor/server/changes";
import { PublishedFolders } from "../../../src/editor/server/hosted/shared-folders";
import { alice, editJson, gitIn, makeProject, type TempProject, tara } from "./repo";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

type Nav = { items: Array<{ label: string; children?: Array<{ label: string }> }> };

describe("site workspace (git change sets)", { timeout: 120_000 }, () => {
  let project: TempProject;
  let ws: SiteWorkspace;
  let remote: string;
  /** A second editor instance on the same remote. */
  let other: SiteWorkspace;

  beforeAll(async () => {
    project = await makeProject();
    ws = await SiteWorkspace.open({ dataDir: project.dataDir(), projectRoot: project.root });
    remote = ws.remote;
  }, 120_000);
  afterAll(() => project.remove());

  it("makes the embedded bare remote from the project's committed HEAD, and leaves the project alone", async () => {
    expect(remote).toBe(path.join(project.dataDir(), "site.git"));
    expect(gitIn(remote, "rev-parse", "main")).toBe(gitIn(project.root, "rev-parse", "HEAD"));
    expect(gitIn(remote, "rev-parse", "--is-bare-repository")).toBe("true");
    expect(await readFile(path.join(ws.publishedDir(), "site-config/navigation.json"), "utf8")).toBe(
      await readFile(path.join(project.root, "site-config/navigation.json"), "utf8"),
    );
    expect(gitIn(project.root, "branch", "--list")).toBe("* main");
    expect(gitIn(project.root, "status", "--porcelain")).toBe("");
  });

  it("opens again without making anything twice", async () => {
    const again = await SiteWorkspace.open({ dataDir: project.dataDir(), projectRoot: project.root });
    expect(again.remote).toBe(remote);
    expect(again.publishedDir()).toBe(ws.publishedDir());
  });

  it("starts a change set as a branch of its own, on the remote once pushed", async () => {
    const dir = await ws.create("menu-rename", alice, "Rename a menu entry");
    await ws.idle();
    expect(dir).toBe(ws.dir("menu-rename"));
    expect(existsSync(path.join(dir, "site-config/navigation.json"))).toBe(true);
    expect(gitIn(dir, "rev-parse", "--abbrev-ref", "HEAD")).toBe("changes/menu-rename");
    expect(gitIn(dir, "status", "--porcelain")).toBe("");
    expect(gitIn(remote, "rev-parse", "changes/menu-rename")).toBe(gitIn(remote, "rev-parse", "main"));
    expect(await ws.list()).toEqual(["menu-rename"]);
  });

  it("commits as the signed-in person, pushes the branch, and leaves published as it was", async () => {
    const published = gitIn(remote, "rev-parse", "main");
    await editJson(path.join(ws.dir("menu-rename"), "site-config/navigation.json"), (doc) => {
      (doc as unknown as Nav).items[1].label = "Who We Are";
    });
    const commit = await ws.commit(
      "menu-rename",
      ["site-config/navigation.json"],
      "Navigation: 'About us' renamed 'Who We Are'",
      alice,
    );
    await ws.idle();
    expect(gitIn(remote, "log", "-1", "--format=%H|%an <%ae>|%cn|%s", "changes/menu-rename")).toBe(
      `${commit}|Alice Editor <alice@hospital.example>|Site editor|Navigation: 'About us' renamed 'Who We Are'`,
    );
    expect(gitIn(remote, "rev-parse", "main")).toBe(published);
    expect(await ws.changedFiles("menu-rename")).toEqual(["site-config/navigation.json"]);
  });

  it("reads a file where the change set started, as it saved it, and on published", async () => {
    const base = JSON.parse((await ws.fileAt("base", "menu-rename", "site-config/navigation.json")) ?? "") as Nav;
    const head = JSON.parse((await ws.fileAt("head", "menu-rename", "site-config/navigation.json")) ?? "") as Nav;
    expect([base.items[1].label, head.items[1].label]).toEqual(["About us", "Who We Are"]);
    expect(await ws.fileAt("published", "menu-rename", "site-config/navigation.json")).toBe(
      await ws.fileAt("base", "menu-rename", "site-config/navigation.json"),
    );
    expect(await ws.fileAt("head", "menu-rename", "site-config/no-such-file.json")).toBeUndefined();
  });

  it("describes its changes in words as its texts read, and anew after each save", async () => {
    const id = "described";
    const nav = "site-config/navigation.json";
    await ws.create(id, alice, "Described");
    await editJson(path.join(ws.dir(id), nav), (doc) => {
      (doc as unknown as Nav).items[1].label = "Who We Are";
    });
    await ws.commit(id, [nav], "Navigation: 'About us' renamed 'Who We Are'", alice);
    const telugu = "site-config/i18n/te/navigation.json";
    const described = async (files: string[]) =>
      Promise.all(
        files.map(async (file) =>
          describeFileChanges(
            file,
            await ws.fileAt("base", id, file),
            await ws.fileAt("head", id, file),
            file === telugu ? await ws.fileAt("head", id, nav) : undefined,
          ),
        ),
      );
    expect(await ws.review(id)).toEqual(await described([nav]));
    // A translation added: named by the English file it translates, as the change set has it.
    await mkdir(path.dirname(path.join(ws.dir(id), telugu)), { recursive: true });
    await cp(path.join(repoRoot, telugu), path.join(ws.dir(id), telugu));
    await ws.commit(id, [telugu], "Navigation (Telugu) added", tara);
    const both = await ws.review(id);
    expect(both).toEqual(await described([telugu, nav]));
    expect(both.map((f) => f.fileLabel)).toEqual(["Navigation (Telugu)", "Navigation"]);
    await rm(path.join(ws.dir(id), telugu));
    await ws.commit(id, [telugu], "Navigation (Telugu) removed", tara);
    expect(await ws.review(id)).toEqual(await described([nav]));
    await ws.remove(id);
  });

  it("makes a save's commit itself as git would make it, and leaves the worktree's index at it", async () => {
    const id = "made-here";
    const dir = await ws.create(id, alice, "Made here");
    const [nav, home, cardiology] = [
      "navigation.json",
      "pages/home.json",
      "collections/cardiology-sub-departments.json",
    ].map((file) => `site-config/${file}`);
    await editJson(path.join(dir, home), (doc) => {
      (doc as { title?: string }).title = "Welcome, ünïcödé";
    });
    await rm(path.join(dir, cardiology));
    const commit = await ws.commit(id, [home, cardiology], "Home: title changed\nCardiology removed", alice);
    // The branch, the commit's tree and the index as `git add` and `git commit` leave them.
    await ws.ensure(id);
    expect(gitIn(dir, "rev-parse", "HEAD")).toBe(commit);
    expect(gitIn(dir, "status", "--porcelain")).toBe("");
    expect(gitIn(dir, "write-tree")).toBe(gitIn(dir, "rev-parse", "HEAD^{tree}"));
    expect(gitIn(dir, "diff", "--name-status", "HEAD~", "HEAD").split("\n")).toEqual([
      `D\t${cardiology}`,
      `M\t${home}`,
    ]);
    expect(gitIn(dir, "log", "-1", "--format=%an <%ae>|%cn <%ce>|%B", commit)).toBe(
      "Alice Editor <alice@hospital.example>|Site editor <editor@localhost>|Home: title changed\nCardiology removed",
    );
    expect(gitIn(dir, "reflog", "-1", "--format=%H %gs", `changes/${id}`)).toBe(`${commit} commit: a save`);
    gitIn(ws.repo, "fsck", "--strict", "--no-dangling");
    // A file added is git's to add (its ignore rules); the next save of the same file is made here again.
    await editJson(path.join(dir, nav), (doc) => {
      (doc as unknown as Nav).items[1].label = "Who We Are";
    });
    await writeFile(path.join(dir, "site-config/added.json"), "{}\n");
    const next = await ws.commit(id, [nav, "site-config/added.json"], "Navigation changed, a file added", alice);
    await ws.ensure(id);
    expect(gitIn(dir, "rev-parse", "HEAD~")).toBe(commit);
    expect(gitIn(dir, "diff", "--name-only", commit, next).split("\n")).toEqual(["site-config/added.json", nav]);
    expect(gitIn(dir, "status", "--porcelain")).toBe("");
    await ws.idle();
    expect(gitIn(remote, "rev-parse", `changes/${id}`)).toBe(next);
    await ws.remove(id);
  });

  it("tells the collection lists what a change set's commits changed since the published commit", async () => {
    const id = "listed";
    const nav = "site-config/navigation.json";
    const dir = await ws.create(id, alice, "Listed");
    const folders = new PublishedFolders(ws.publishedDir());
    expect([...(await folders.for(dir).changed())]).toEqual([]);
    await editJson(path.join(dir, nav), (doc) => {
      (doc as unknown as Nav).items[1].label = "Who We Are";
    });
    await ws.commit(id, [nav], "Navigation: 'About us' renamed 'Who We Are'", alice);
    // A list made after the save (the editor started again) reads it from the change set's commits.
    expect([...(await new PublishedFolders(ws.publishedDir()).for(dir).changed())]).toEqual([nav]);
    expect([...(await folders.for(ws.publishedDir()).changed())]).toEqual([]);
    await ws.remove(id);
  });

  it("makes no empty commit when a save changed nothing", async () => {
    const before = gitIn(remote, "rev-parse", "changes/menu-rename");
    expect(await ws.commit("menu-rename", ["site-config/navigation.json"], "Nothing", alice)).toBe(before);
    // A save naming no file saves nothing, even with other files changed in the worktree.
    await writeFile(path.join(ws.dir("menu-rename"), "stray.txt"), "not named by the save");
    expect(await ws.commit("menu-rename", [], "Nothing", alice)).toBe(before);
    expect(gitIn(remote, "rev-parse", "changes/menu-rename")).toBe(before);
    await rm(path.join(ws.dir("menu-rename"), "stray.txt"));
  });

  it("reads a change set's commit from git's files, packed or not, and knows a missing one", async () => {
    const ref = "refs/remotes/origin/changes/menu-rename";
    const commit = gitIn(remote, "rev-parse", "changes/menu-rename");
    expect(await ws.commitOf(ref)).toBe(commit);
    gitIn(ws.repo, "pack-refs", "--all");
    expect(await ws.commitOf(ref)).toBe(commit);
    expect(await ws.commitOf("refs/heads/changes/menu-rename")).toBe(commit);
    expect(await ws.commitOf("refs/remotes/origin/changes/no-such-change")).toBeUndefined();
  });

  it("shares change sets between two instances on one remote", async () => {
    other = await SiteWorkspace.open({ dataDir: project.dataDir("other"), remote, projectRoot: project.root });
    expect(await other.list()).toEqual(["menu-rename"]);
    // The other instance saves to the same change set; the first takes its commit before saving again.
    await other.create("menu-rename", tara, "ignored: it exists");
    await editJson(path.join(other.dir("menu-rename"), "site-config/footer.json"), (doc) => {
      doc.contactTitle = "Contact us";
    });
    await other.commit("menu-rename", ["site-config/footer.json"], "Footer: contact title", tara);
    await other.create("footer-only", tara, "Footer");
    await other.idle();

    await ws.fetch();
    expect(await ws.list()).toEqual(["footer-only", "menu-rename"]);
    expect(await ws.changedFiles("menu-rename")).toEqual(["site-config/footer.json", "site-config/navigation.json"]);
    await editJson(path.join(ws.dir("menu-rename"), "site-config/navigation.json"), (doc) => {
      (doc as unknown as Nav).items[0].label = "Start";
    });
    await ws.commit("menu-rename", ["site-config/navigation.json"], "Navigation: 'Home' renamed 'Start'", alice);
    await ws.idle();
    expect(gitIn(remote, "log", "--format=%an: %s", "main..changes/menu-rename").split("\n")).toEqual([
      "Alice Editor: Navigation: 'Home' renamed 'Start'",
      "Tara Translator: Footer: contact title",
      "Alice Editor: Navigation: 'About us' renamed 'Who We Are'",
    ]);
  });

  it("removes a change set: its worktree and its branch, here and on the remote", async () => {
    await ws.remove("footer-only");
    const stray = await ws.create("stray", alice, "Stray");
    await writeFile(path.join(stray, "stray.txt"), "left behind");
    await ws.remove("stray");
    expect(existsSync(stray)).toBe(false);
    expect(gitIn(remote, "branch", "--list", "changes/*")).toBe("  changes/menu-rename");
    expect(await ws.list()).toEqual(["menu-rename"]);
    // The removed worktree is the spare the next change set starts from: on its own branch, clean.
    const dir = await ws.create("next", alice, "Next");
    expect(gitIn(dir, "rev-parse", "--abbrev-ref", "HEAD")).toBe("changes/next");
    expect(gitIn(dir, "rev-parse", "HEAD")).toBe(gitIn(remote, "rev-parse", "main"));
    expect(gitIn(dir, "status", "--porcelain")).toBe("");
    expect(existsSync(path.join(dir, "stray.txt"))).toBe(false);
  });

  it("says a change set another instance removed is gone", async () => {
    await other.create("gone", tara, "Gone");
    await other.idle();
    await ws.ensure("gone");
    await other.remove("gone");
    await ws.fetch();
    await expect(ws.ensure("gone")).rejects.toThrow("There is no change set 'gone'.");
  });

  it("refuses names and paths that would leave the repository", async () => {
    expect(() => ws.dir("../x")).toThrow(
      "'../x' cannot name a change set: use letters, digits, '-' and '_' (up to 80).",
    );
    await expect(ws.commit("menu-rename", ["../outside.json"], "x", alice)).rejects.toThrow(
      "'../outside.json' is not a path inside the site's repository.",
    );
    await expect(ws.fileAt("head", "menu-rename", "/etc/passwd")).rejects.toThrow(
      "'/etc/passwd' is not a path inside the site's repository.",
    );
  });
});
