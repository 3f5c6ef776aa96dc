/**
 * The site search's words, index and query (src/shared/search/, src/build/search/,
 * src/site/search/query.ts) over the real site's config, the index files kept in memory and every
 * file a query reads counted.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCatalog } from "../../src/build/catalog";
import { InputScanner } from "../../src/build/inputs";
import { indexFiles, maxPages, updateIndex } from "../../src/build/search/index-files";
import { type IndexedPage, indexedPages } from "../../src/build/search/pages";
import { searchTreatments } from "../../src/build/search/treatments";
import { searchPaths } from "../../src/shared/search/index-format";
import { deletions, searchWords, withinOneEdit } from "../../src/shared/search/words";
import { SearchIndex } from "../../src/site/search/query";
import { markFound } from "../../src/site/search/snippet";

const root = path.resolve(import.meta.dirname, "../..");
const siteRoot = path.join(root, "site-config");
const catalog = readCatalog(new InputScanner(root, {}), path.join(siteRoot, "collections"), undefined);
const treatments = searchTreatments(root, catalog, {});

/** A language's index in memory, and the files its queries read. */
function memoryIndex(lang: string, pages = indexedPages(siteRoot, lang, "en", treatments)) {
  const { files } = indexFiles(lang, pages);
  const read: string[] = [];
  const index = new SearchIndex(lang, async (file) => {
    read.push(file);
    const text = files.get(file);
    if (text === undefined) throw new Error(`${file} is not in the index`);
    return JSON.parse(text);
  });
  return { files, read, index };
}

const knee = "/specialities/orthopedics/total-knee-replacement";
const first = async (lang: string, query: string) => (await memoryIndex(lang).index.search(query)).results[0]?.page.u;

describe("search words", () => {
  it("keeps Telugu and Devanagari vowel signs, viramas and conjuncts in their word", () => {
    expect(searchWords("మోకాలి మార్పిడి")).toEqual(["మోకాలి", "మార్పిడి"]);
    expect(searchWords("घुटना प्रत्यारोपण, क्षेत्र")).toEqual(["घुटना", "प्रत्यारोपण", "क्षेत्र"]);
  });

  it("reads a word typed with a zero-width non-joiner as the same word, in lower case and NFC", () => {
    expect(searchWords("రీప్లేస్‌మెంట్")).toEqual(searchWords("రీప్లేస్మెంట్"));
    expect(searchWords("Knee REPLACEMENT of the hip")).toEqual(["knee", "replacement", "hip"]);
  });

  it("tells words one letter apart from words two apart", () => {
    expect(withinOneEdit("angioplsty", "angioplasty")).toBe(true);
    expect(withinOneEdit("haert", "heart")).toBe(true);
    expect(withinOneEdit("మోకాలు", "మోకాలి")).toBe(true);
    expect(withinOneEdit("angiogram", "angioplasty")).toBe(false);
    expect(deletions("knee")).toEqual(["nee", "kee", "kne"]);
  });
});

describe("the search index", () => {
  it.each([
    ["en", "knee replacement", knee],
    ["te", "మోకాలి మార్పిడి", `/te${knee}`],
    ["te", "mokalu marpidi", `/te${knee}`],
    ["hi", "घुटना प्रत्यारोपण", `/hi${knee}`],
    ["hi", "ghutna", `/hi${knee}`],
    ["te", "knee", `/te${knee}`],
    ["en", "replacment knee", knee],
    ["en", "angioplsty", "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad"],
  ])("in %s finds the treatment first for “%s”", async (lang, query, address) => {
    expect(await first(lang, query)).toBe(address);
  });

  it("finds nothing for a word of four letters with a typo, or for a word that is a property of every object", async () => {
    expect(await first("en", "kneo")).toBeUndefined();
    expect((await memoryIndex("en").index.search("constructor __proto__ toString hasOwnProperty")).total).toBe(0);
  });

  it("shows a page's title and text in English, marked so, on another language's site when untranslated", async () => {
    const { results } = await memoryIndex("te").index.search("kidney");
    const speciality = results.find((r) => r.page.u === "/te/specialities/nephrology");
    expect(speciality?.page).toMatchObject({ t: "నెఫ్రాలజీ", s: "స్పెషాలిటీ" });
    // A doctor is found among the speciality's doctors (the doctor search filters names in Latin letters).
    const { results: byName } = await memoryIndex("te").index.search("నెఫ్రాలజీ");
    const doctor = byName.find((r) => r.page.u === "/te/our-doctors?speciality=nephrology");
    expect(doctor?.page.s).toBe("నెఫ్రాలజీ");
  });

  it("marks the words found in a snippet", () => {
    expect(markFound("Knee pain, knee-replacement.", new Set(["knee"]))).toEqual([
      { text: "Knee", found: true },
      { text: " pain, ", found: false },
      { text: "knee", found: true },
      { text: "-replacement.", found: false },
    ]);
  });

  it("reads only the manifest, a few shards and the pages shown, the same at 100 and 5,000 pages", async () => {
    const base = indexedPages(siteRoot, "en", "en", treatments);
    const many = (count: number): IndexedPage[] =>
      Array.from({ length: count }, (_, i) => {
        const page = base[i % base.length];
        return { page: { ...page.page, u: `${page.page.u}-${i}` }, texts: [...page.texts, [`copy${i}`, 1]] };
      });
    const counts: { files: number; read: number; bytes: number }[] = [];
    for (const size of [100, 5000]) {
      const { files, read, index } = memoryIndex("en", many(size));
      const answer = await index.search("knee replacment hyderabad");
      expect(answer.results[0].page.t).toBe("Total Knee Replacement");
      counts.push({
        files: files.size,
        read: read.length,
        bytes: read.reduce((n, f) => n + (files.get(f)?.length ?? 0), 0),
      });
      expect(read[0]).toBe(searchPaths.manifest("en"));
    }
    const [small, large] = counts;
    expect(large.files).toBeGreaterThan(small.files * 10);
    // Past a few thousand pages every key of the query has a shard of its own: the count stops growing.
    expect(large.read).toBeLessThanOrEqual(60);
    // A word lists at most maxPages pages, so what a query reads levels off as the site grows.
    expect(large.bytes).toBeLessThan(small.bytes * 3 + maxPages * 30);
  });

  it("updated after two pages changed, is byte for byte the index made whole from the changed pages", () => {
    const before = indexedPages(siteRoot, "te", "en", treatments);
    const after = [...before];
    const rename = (n: number, texts: [string, number][]) => {
      after[n] = { page: { ...before[n].page, t: texts[0][0] }, texts };
    };
    // A word gained (a new one, with typo forms), words lost, a weight changed.
    rename(2, [["మోకాలి పునర్నిర్మాణం zygomatic", 10], ...before[2].texts.slice(1)]);
    rename(40, [["", 10]]);
    const made = indexFiles("te", before);
    const changed = [2, 40].map((number) => ({ number, before: before[number], after: after[number] }));
    const updated = updateIndex("te", made.index, changed, (n) => after[n]);
    expect(updated).toBeDefined();
    const whole = indexFiles("te", after).files;
    const result = new Map([...made.files, ...(updated ?? [])]);
    expect([...result.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [file, text] of whole) expect(result.get(file), file).toBe(text);
    expect(updated?.size).toBeLessThan(whole.size);
  });
});
