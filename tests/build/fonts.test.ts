import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { charactersOf, fontsByLanguage, type LetterCache } from "../../src/build/fonts";

describe("a language font's letters", () => {
  const site = mkdtempSync(path.join(os.tmpdir(), "letters-"));
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const { block } = fontsByLanguage.te;
  const write = (file: string, strings: Record<string, string>, time: number) => {
    const at = path.join(site, "i18n/te", file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, JSON.stringify({ strings }));
    utimesSync(at, time, time);
  };
  write("navigation.json", { "items.home.label": "హోమ్" }, 1_000);
  write("collections/cardiology-sub-departments/knee.json", { "content.h1": "మోకాలు" }, 1_000);

  it("are those of the language's texts and its name, the same whether kept between builds or not", () => {
    const cache: LetterCache = {};
    const read = charactersOf(site, "te", "తెలుగు", block, cache);
    expect(charactersOf(site, "te", "తెలుగు", block)).toBe(read);
    for (const letter of "హోమ్మకలుతెగ") expect(read).toContain(letter);
    expect(Object.keys(cache)).toHaveLength(2);
    expect(charactersOf(site, "te", "తెలుగు", block, cache)).toBe(read);
  });

  it("take in a file's new letters once it changes, and drop a removed file's", () => {
    const cache: LetterCache = {};
    charactersOf(site, "te", "తెలుగు", block, cache);
    write("collections/cardiology-sub-departments/knee.json", { "content.h1": "ఝ" }, 2_000);
    const now = charactersOf(site, "te", "తెలుగు", block, cache);
    expect(now).toContain("ఝ");
    rmSync(path.join(site, "i18n/te/collections"), { recursive: true });
    const without = charactersOf(site, "te", "తెలుగు", block, cache);
    expect(without).not.toContain("ఝ");
    expect(Object.keys(cache)).toEqual([path.join(site, "i18n/te/navigation.json")]);
  });
});
