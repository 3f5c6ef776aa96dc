import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mergeJson } from "../../../src/editor/server/changes";
import { projectRoot } from "../temp-site";

type Entry = { key?: string; label: string; route: string };
type Nav = { items: Entry[] };
type Treatments = { sub_departments: Array<{ name: string; meta_title: string; content: { h1: string } }> };

const navFile = "site-config/navigation.json";
const collection = "site-config/collections/cardiology-sub-departments.json";
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(projectRoot, file), "utf8")) as T;
const labels = (doc: unknown) => (doc as Nav).items.map((i) => i.label);

describe("three-way merge by JSON field", () => {
  const base = read<Treatments>(collection);

  it("keeps both sides' changes to different fields of one treatment, without asking", () => {
    const ours = structuredClone(base);
    ours.sub_departments[0].content.h1 = "Our heading";
    const theirs = structuredClone(base);
    theirs.sub_departments[0].meta_title = "Their title";
    const { merged, conflicts } = mergeJson(collection, base, ours, theirs);
    expect(conflicts).toEqual([]);
    const [first] = (merged as Treatments).sub_departments;
    expect([first.content.h1, first.meta_title]).toEqual(["Our heading", "Their title"]);
  });

  it("returns a field both sides changed differently with its label and both values, until a pick decides it", () => {
    const ours = structuredClone(base);
    ours.sub_departments[0].content.h1 = "Our heading";
    const theirs = structuredClone(base);
    theirs.sub_departments[0].content.h1 = "Their heading";
    const { conflicts } = mergeJson(collection, base, ours, theirs);
    expect(conflicts).toEqual([
      {
        file: collection,
        pointer: "/sub_departments/0/content/h1",
        label: "Treatment page ‘Heart Failure’ › Content › Main heading",
        ours: "Our heading",
        theirs: "Their heading",
        base: base.sub_departments[0].content.h1,
      },
    ]);
    for (const take of ["ours", "theirs"] as const) {
      const picked = mergeJson(collection, base, ours, theirs, [
        { file: collection, pointer: conflicts[0].pointer, take },
      ]);
      expect(picked.conflicts).toEqual([]);
      expect((picked.merged as Treatments).sub_departments[0].content.h1).toBe(
        take === "ours" ? "Our heading" : "Their heading",
      );
    }
  });

  it("takes a change made the same way on both sides once", () => {
    const ours = structuredClone(base);
    ours.sub_departments[2].name = "Same";
    const theirs = structuredClone(ours);
    expect(mergeJson(collection, base, ours, theirs)).toEqual({ merged: ours, conflicts: [], decided: [] });
  });

  it("matches list entries by identity: an entry inserted on one side and one edited on the other both stay", () => {
    const nav = read<Nav>(navFile);
    const ours = structuredClone(nav);
    ours.items.splice(1, 0, { key: "news", label: "News", route: "/news-media" });
    const theirs = structuredClone(nav);
    theirs.items[2].label = "Our specialities";
    const { merged, conflicts } = mergeJson(navFile, nav, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(labels(merged).slice(0, 4)).toEqual(["Home", "News", "About us", "Our specialities"]);
  });

  it("keeps the order one side changed, with the other side's edit", () => {
    const nav = read<Nav>(navFile);
    const ours = structuredClone(nav);
    ours.items[1].label = "Who We Are";
    const theirs = structuredClone(nav);
    theirs.items.reverse();
    const { merged } = mergeJson(navFile, nav, ours, theirs);
    expect(labels(merged)).toEqual(labels(theirs).map((l) => (l === "About us" ? "Who We Are" : l)));
  });

  it("asks when one side removed an entry the other changed", () => {
    const nav = read<Nav>(navFile);
    const ours = structuredClone(nav);
    ours.items.splice(1, 1);
    const theirs = structuredClone(nav);
    theirs.items[1].route = "/about";
    const { conflicts } = mergeJson(navFile, nav, ours, theirs);
    expect(conflicts).toMatchObject([{ pointer: "/items/1", label: "Menu entry ‘About us’", ours: undefined }]);
    const picked = mergeJson(navFile, nav, ours, theirs, [{ file: navFile, pointer: "/items/1", take: "ours" }]);
    expect(labels(picked.merged)).toEqual(labels(ours));
  });
});
