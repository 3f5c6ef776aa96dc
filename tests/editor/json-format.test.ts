import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonEqual, printJson } from "../../src/editor/shared/json-format";
import { realSiteRoot } from "./temp-site";

function jsonFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(path.join(folder, entry.name))
      : entry.name.endsWith(".json")
        ? [path.join(folder, entry.name)]
        : [],
  );
}

const siteFiles = jsonFiles(realSiteRoot);

/** The lines that differ, for two texts with the same number of lines. */
function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [`-${line}`, `+${b[i]}`]));
}

describe("printJson (the editor's writer)", () => {
  it.each(siteFiles.map((file) => [path.relative(realSiteRoot, file), file]))(
    "writes %s back byte for byte when nothing changed",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      expect(printJson(JSON.parse(text), text)).toBe(text);
      // The form hands back a new object, possibly with keys in schema order: still the same bytes.
      const reordered = Object.fromEntries(Object.entries(JSON.parse(text)).reverse());
      expect(printJson(reordered, text)).toBe(text);
    },
  );

  it("changes only the line of a changed value", () => {
    const text = readFileSync(path.join(realSiteRoot, "navigation.json"), "utf8");
    const data = JSON.parse(text);
    data.items[1].label = "Who We Are";
    expect(changedLines(text, printJson(data, text))).toEqual([
      '-      "label": "About us",',
      '+      "label": "Who We Are",',
    ]);
  });

  it("keeps a one-line object on one line, and its neighbours untouched", () => {
    const text = '{\n  "logo": { "src": "/a.svg", "alt": "Logo", "width": 180 },\n  "name": "X"\n}\n';
    const data = JSON.parse(text);
    data.logo.alt = "Home";
    expect(printJson(data, text)).toBe(
      '{\n  "logo": { "src": "/a.svg", "alt": "Home", "width": 180 },\n  "name": "X"\n}\n',
    );
  });

  it("keeps key order and puts new keys last", () => {
    const text = '{\n  "b": 1,\n  "a": 2\n}\n';
    expect(printJson({ a: 2, c: 3, b: 1 }, text)).toBe('{\n  "b": 1,\n  "a": 2,\n  "c": 3\n}\n');
  });

  it("drops properties set to undefined (a cleared optional field)", () => {
    const text = '{\n  "a": 1,\n  "b": "x"\n}\n';
    expect(printJson({ a: 1, b: undefined }, text)).toBe('{\n  "a": 1\n}\n');
  });

  it("keeps the text of array elements that only moved, and lays out new ones like their siblings", () => {
    const text = '{\n  "list": [\n    { "name": "A", "n": 1 },\n    { "name": "B", "n": 2 }\n  ]\n}\n';
    const out = printJson(
      {
        list: [
          { name: "B", n: 2 },
          { name: "C", n: 3 },
          { name: "A", n: 1 },
        ],
      },
      text,
    );
    expect(out).toBe(
      '{\n  "list": [\n    { "name": "B", "n": 2 },\n    { "name": "C", "n": 3 },\n    { "name": "A", "n": 1 }\n  ]\n}\n',
    );
  });

  it("writes new nested values in the repository's two-space layout", () => {
    const text = '{\n  "a": 1\n}\n';
    expect(printJson({ a: 1, b: { c: [1, "x"] } }, text)).toBe(
      '{\n  "a": 1,\n  "b": {\n    "c": [\n      1,\n      "x"\n    ]\n  }\n}\n',
    );
  });

  it("keeps non-ASCII text as it is, unescaped, and other escapes of unchanged strings", () => {
    const text = '{\n  "price": "₹1.5 lakhs",\n  "path": "a\\/b",\n  "n": 1\n}\n';
    const out = printJson({ price: "₹1.5 lakhs", path: "a/b", n: 2 }, text);
    expect(out).toBe('{\n  "price": "₹1.5 lakhs",\n  "path": "a\\/b",\n  "n": 2\n}\n');
  });

  it("keeps Windows line endings and a missing final newline", () => {
    const text = '{\r\n  "a": 1\r\n}';
    expect(printJson({ a: 1, b: 2 }, text)).toBe('{\r\n  "a": 1,\r\n  "b": 2\r\n}');
  });

  it("writes JSON.stringify's format, with a final newline, when there is no original", () => {
    expect(printJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });

  it("compares JSON values regardless of key order", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
});
