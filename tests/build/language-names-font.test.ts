import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { languageNamesFont } from "../../src/build/language-names-font";

const root = path.resolve(import.meta.dirname, "../..");
const cache = mkdtempSync(path.join(os.tmpdir(), "names-font-"));

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe("the language names' font", () => {
  it("has one small face per script the names are written in, declared for that script only", async () => {
    const { faces, stylesheet } = await languageNamesFont(root, cache);
    expect(faces.map((f) => f.fileName)).toEqual([
      expect.stringMatching(/^assets\/fonts\/names-noto-sans-telugu-[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^assets\/fonts\/names-noto-sans-devanagari-[0-9a-f]{10}\.woff2$/),
    ]);
    for (const face of faces) expect(face.font.length).toBeLessThan(4 * 1024);
    expect(stylesheet.fileName).toMatch(/^assets\/fonts\/language-names-[0-9a-f]{10}\.css$/);
    const rules = stylesheet.css.trim().split("\n");
    expect(rules).toHaveLength(2);
    expect(rules[0]).toContain('font-family:"Language names"');
    expect(rules[0]).toContain("font-display:optional");
    expect(rules[0]).toContain("font-weight:600");
    expect(rules[0]).toContain(`src:url(/${faces[0].fileName}) format("woff2");unicode-range:U+0C00-0C7F`);
    expect(rules[1]).toContain(`src:url(/${faces[1].fileName}) format("woff2");unicode-range:U+0900-097F`);
  });

  it("is the same font the second time, from the cache", async () => {
    const [first, second] = [await languageNamesFont(root, cache), await languageNamesFont(root, cache)];
    expect(second.stylesheet).toEqual(first.stylesheet);
  });
});
