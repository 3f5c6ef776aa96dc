/** The planner's tables of hashes by typed key (src/build/plan/key-table.ts): what differs between two builds' tables. */
import { describe, expect, it } from "vitest";
import { type KeyTable, tableDiff, tableKeys, tableSet } from "../../src/build/plan/key-table";

type Kind = "item" | "list" | "page-file";

function table(entries: [Kind, (string | number)[], string][]): KeyTable<Kind> {
  const t: KeyTable<Kind> = new Map();
  for (const [kind, fields, hash] of entries) tableSet(t, kind, fields, hash);
  return t;
}

const entriesOf = (t: KeyTable<Kind>) => tableKeys(t).map(([kind, fields]) => [kind, ...fields].join("/"));

describe("the difference of two tables of hashes", () => {
  const before = table([
    ["item", ["cardiology.json", "angioplasty"], "a1"],
    ["item", ["cardiology.json", "angiography"], "b1"],
    ["list", ["cardiology.json", 1, ""], "l1"],
    ["list", ["cardiology.json", 1, "te"], "t1"],
    ["page-file", ["site-config/pages/home.json"], "h1"],
  ]);

  it("is empty for tables with the same hashes", () => {
    const same = table(tableKeys(before).map(([kind, fields]) => [kind, fields, "x"]));
    expect(entriesOf(tableDiff(before, before, new Set()))).toEqual([]);
    expect(entriesOf(tableDiff(same, same, new Set()))).toEqual([]);
  });

  it("names a changed hash, a new key and a key gone (its hash now ''), but not a kind it is told to skip", () => {
    const now = table([
      ["item", ["cardiology.json", "angioplasty"], "a2"],
      ["item", ["cardiology.json", "bypass"], "c1"],
      ["list", ["cardiology.json", 1, ""], "l1"],
      ["page-file", ["site-config/pages/home.json"], "h2"],
    ]);
    const diff = tableDiff(now, before, new Set<Kind>(["page-file"]));
    expect(entriesOf(diff).sort()).toEqual([
      "item/cardiology.json/angiography",
      "item/cardiology.json/angioplasty",
      "item/cardiology.json/bypass",
      "list/cardiology.json/1/te",
    ]);
    expect(diff.get("item")?.get("cardiology.json")).toEqual(
      new Map([
        ["angioplasty", "a2"],
        ["bypass", "c1"],
        ["angiography", ""],
      ]),
    );
  });

  it("takes a key missing on one side as hashed '', as the planner does", () => {
    const empty = table([["item", ["cardiology.json", "angioplasty"], ""]]);
    expect(entriesOf(tableDiff(empty, new Map(), new Set()))).toEqual([]);
    expect(entriesOf(tableDiff(new Map(), empty, new Set()))).toEqual([]);
  });
});
