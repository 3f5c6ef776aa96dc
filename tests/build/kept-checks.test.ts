/**
 * The config check's kept results: a check that changed a few files' results writes those beside
 * the whole file, which stays as it was; the next check reads both as one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readKept, writeKept } from "../../src/build/kept-checks";
import type { Checked } from "../../src/validation";

const cache = mkdtempSync(path.join(tmpdir(), "kept-checks-"));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const first = (file: string, schema: string): { stamp: string; checked: Checked } => ({
  stamp: `${file}:1`,
  checked: { file, validate: true, problems: [], refs: [], skip: [], schema },
});
const report = {
  files: 2,
  checked: 2,
  problems: [],
  errors: 0,
  warnings: 0,
  followOns: 0,
  publish: false,
  addressed: [],
  linked: false,
};
const checks = (validation: Record<string, { stamp: string; checked: Checked }>) => ({
  codeKey: "code",
  validation,
  translationChecks: {},
  report,
  today: "2026-11-27",
});
const whole = path.join(cache, "validation.v8");
const changes = path.join(cache, "validation-changes.v8");

describe("the config check's kept results", () => {
  it("writes a changed file's result beside the whole file, and reads them back as one", () => {
    writeKept(cache, checks({ "/a.json": first("/a.json", "page"), "/b.json": first("/b.json", "page") }), undefined);
    const wholeBytes = readFileSync(whole);
    const read = readKept(cache, "code");
    expect(read).toBeDefined();
    const validation = { ...read?.checks.validation, "/b.json": first("/b.json", "changed") };
    writeKept(cache, checks(validation), read);
    expect(readFileSync(whole)).toEqual(wholeBytes);
    expect(existsSync(changes)).toBe(true);
    expect(readKept(cache, "code")?.checks.validation).toEqual(validation);
    expect(readKept(cache, "other code")).toBeUndefined();
  });

  it("writes the whole file again once a file is gone, and drops the changes", () => {
    const read = readKept(cache, "code");
    writeKept(cache, checks({ "/a.json": first("/a.json", "page") }), read);
    expect(existsSync(changes)).toBe(false);
    expect(Object.keys(readKept(cache, "code")?.checks.validation ?? {})).toEqual(["/a.json"]);
  });
});
