import { describe, expect, it } from "vitest";
import { KeptAnswers, keepsAnswers } from "../../src/editor/server/kept-answers";

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

  it("counts only a folder collection's treatment page files, and their translations, as leaving lists alone", () => {
    expect(keepsAnswers(treatment)).toBe(true);
    expect(keepsAnswers("site-config/i18n/te/collections/cardiology-sub-departments/angioplasty.json")).toBe(true);
    expect(keepsAnswers("site-config/collections/cardiology-sub-departments/_collection.json")).toBe(false);
    expect(keepsAnswers("site-config/collections/cardiology-sub-departments.json")).toBe(false);
    expect(keepsAnswers("site-config/pages/home.json")).toBe(false);
  });
});
