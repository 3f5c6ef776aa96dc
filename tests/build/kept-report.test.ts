/**
 * The config check's report as the build keeps it (src/build/kept-report.ts): a first-pass problem
 * kept as its place and index, read back whole, and kept again the same; a problem read back whose
 * file's first pass changed since is found again in the new one.
 */
import { describe, expect, it } from "vitest";
import { keepReport, keptReport } from "../../src/build/kept-report";
import type { Checked, Problem, RunReport } from "../../src/validation";

const root = "/site";
const file = "site-config/pages/home.json";
const words = {
  pointer: "/title",
  name: "Placeholder",
  message: "a placeholder",
  hint: null,
  severity: "warning",
} as const;
const other = { ...words, pointer: "/description", message: "another placeholder" };
const checked = (problems: Checked["problems"]): { checked: Checked } => ({
  checked: { file: `${root}/${file}`, validate: true, problems, refs: [], skip: [] },
});
const report = (problems: Problem[]): RunReport => ({
  files: 1,
  checked: 1,
  problems,
  errors: 0,
  warnings: problems.length,
  followOns: 0,
  publish: false,
  addressed: [],
  linked: false,
});

describe("the kept report", () => {
  it("keeps a first-pass problem by its index, reads it back whole and keeps it again as it was", () => {
    const validation = { [`${root}/${file}`]: checked([other, words]) };
    const problem: Problem = { file, line: 3, column: 5, ...words };
    const kept = keepReport(report([problem]), validation, root);
    expect(kept.problems).toEqual([{ from: 1, file, line: 3, column: 5 }]);
    const read = keptReport(kept, validation, root);
    expect(read?.problems).toEqual([problem]);
    expect(read && keepReport(read, validation, root).problems).toEqual(kept.problems);
  });

  it("finds a problem read back in its file's new first pass when that changed", () => {
    const before = { [`${root}/${file}`]: checked([other, words]) };
    const kept = keepReport(report([{ file, line: 3, column: 5, ...words }]), before, root);
    const read = keptReport(kept, before, root);
    const after = { [`${root}/${file}`]: checked([words]) };
    expect(read && keepReport(read, after, root).problems).toEqual([{ from: 0, file, line: 3, column: 5 }]);
  });
});
