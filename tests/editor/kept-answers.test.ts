import { describe, expect, it } from "vitest";
import { CommitAnswers, KeptAnswers, keepsAnswers } from "../../src/editor/server/kept-answers";

const treatment = "site-config/collections/cardiology-sub-departments/angioplasty.json";

describe("answers kept per worktree commit", () => {
  it("keeps an answer while the commit is the same, and makes it again when it moves", async () => {
    let head = "a";
    let made = 0;
    const kept = new KeptAnswers({ version: async () => head });
    const list = () => kept.get("files", async () => ++made);
    expect([await list(), await list()]).toEqual([1, 1]);
    head = "b";
    expect(await list()).toBe(2);
  });

  it("carries an answer over a commit of a treatment's text, but not over one of another file", async () => {
    let head = "a";
    let made = 0;
    const kept = new KeptAnswers({ version: async () => head });
    const list = () => kept.get("files", async () => ++made);
    await list();
    kept.wrote(treatment);
    kept.moved("a", "b");
    head = "b";
    expect(await list()).toBe(1);
    kept.wrote("site-config/pages/home.json");
    expect(await list()).toBe(2);
  });

  it("asks whether a move it did not make leaves the answer as it is", async () => {
    let head = "a";
    let made = 0;
    const asked: string[] = [];
    const kept = new KeptAnswers({
      version: async () => head,
      carries: async (from, to) => {
        asked.push(`${from}->${to}`);
        return to === "b";
      },
    });
    const list = () => kept.get("files", async () => ++made);
    await list();
    head = "b";
    expect(await list()).toBe(1);
    head = "c";
    expect(await list()).toBe(2);
    expect(asked).toEqual(["a->b", "b->c"]);
  });

  it("shares an answer between worktrees at one commit, but not one made while its worktree moved", async () => {
    const shared = new CommitAnswers();
    const heads = { one: "a", two: "a", three: "a" };
    let made = 0;
    const worktree = (name: keyof typeof heads) => new KeptAnswers({ version: async () => heads[name], shared });
    const [one, two, three] = [worktree("one"), worktree("two"), worktree("three")];
    expect(await Promise.all([one, two].map((w) => w.get("files", async () => ++made)))).toEqual([1, 1]);
    // Three's commit moves while it makes its answer: that answer is its own, not commit "b"'s.
    heads.three = "b";
    const moving = three.get("files", async () => {
      heads.three = "c";
      return ++made;
    });
    expect(await moving).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    heads.one = "b";
    expect(await one.get("files", async () => ++made)).toBe(3);
  });

  it("stops sharing a worktree's answers once it wrote a file they depend on", async () => {
    const shared = new CommitAnswers();
    let made = 0;
    const [one, two] = [0, 1].map(() => new KeptAnswers({ version: async () => "a", shared }));
    await one.get("files", async () => ++made);
    two.wrote("site-config/pages/home.json");
    expect(await two.get("files", async () => ++made)).toBe(2);
    expect(await one.get("files", async () => ++made)).toBe(1);
  });

  it("counts only a folder collection's treatment page files, and their translations, as leaving lists alone", () => {
    expect(keepsAnswers(treatment)).toBe(true);
    expect(keepsAnswers("site-config/i18n/te/collections/cardiology-sub-departments/angioplasty.json")).toBe(true);
    expect(keepsAnswers("site-config/collections/cardiology-sub-departments/_collection.json")).toBe(false);
    expect(keepsAnswers("site-config/collections/cardiology-sub-departments.json")).toBe(false);
    expect(keepsAnswers("site-config/pages/home.json")).toBe(false);
  });
});
