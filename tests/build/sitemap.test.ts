import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sitemapFiles, writeSitemaps } from "../../src/build/sitemap";

const base = "https://www.hospitals.example";
const languages = [{ code: "en" }, { code: "te" }, { code: "hi" }];
const english = ["/", "/home", "/about-us", "/specialities/cardiology", "/specialities/cardiology/angiogram"];
const pages = english.flatMap((path) =>
  languages.map(({ code }) => ({
    path: code === "en" ? path : path === "/" ? `/${code}` : `/${code}${path}`,
    english: path,
  })),
);
const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);

describe("the sitemap", () => {
  it("is one sitemap.xml listing each page with its languages while the site fits in one file", () => {
    const files = sitemapFiles(base, pages, languages);
    expect(Object.keys(files)).toEqual(["sitemap.xml"]);
    const xml = files["sitemap.xml"];
    expect(xml).toContain("<urlset ");
    // Every page but the languages' roots ('/', '/te', '/hi'): /home is the home page's address.
    expect(locs(xml)).toEqual(pages.filter((p) => p.english !== "/").map((p) => base + p.path));
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="te" href="${base}/te/about-us"/>`);
  });

  it("past the addresses one file may hold, becomes an index of parts that together list every page once", () => {
    const files = sitemapFiles(base, pages, languages, { urls: 5, bytes: 50 * 1024 * 1024 });
    expect(Object.keys(files).sort()).toEqual(["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"]);
    expect(files["sitemap.xml"]).toContain("<sitemapindex ");
    expect(locs(files["sitemap.xml"])).toEqual([1, 2, 3].map((n) => `${base}/sitemap-${n}.xml`));
    const parts = [1, 2, 3].map((n) => locs(files[`sitemap-${n}.xml`]));
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(5);
    expect(parts.flat()).toEqual(locs(sitemapFiles(base, pages, languages)["sitemap.xml"]));
  });

  it("past the bytes one file may hold, splits too, each part within them", () => {
    const limit = 4000;
    const files = sitemapFiles(base, pages, languages, { urls: 50_000, bytes: limit });
    expect(Object.keys(files).length).toBeGreaterThan(2);
    for (const [name, xml] of Object.entries(files)) {
      if (name !== "sitemap.xml") expect(Buffer.byteLength(xml), name).toBeLessThanOrEqual(limit);
    }
  });

  it("is not made again by an incremental build while its pages, languages and limits are the last build's", () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), "sitemap-"));
    try {
      const first = writeSitemaps(dist, base, pages, languages, undefined, false);
      expect(first.written).toEqual(expect.arrayContaining(["sitemap.xml", "robots.txt"]));
      expect(writeSitemaps(dist, base, pages, languages, undefined, true, first.key)).toEqual({
        written: [],
        removed: [],
        key: first.key,
      });
      // A page more: made again, as a full build makes it.
      const more = [...pages, { path: "/specialities/cardiology/stents", english: "/specialities/cardiology/stents" }];
      const again = writeSitemaps(dist, base, more, languages, undefined, true, first.key);
      expect(again.key).not.toBe(first.key);
      expect(readFileSync(path.join(dist, "sitemap.xml"), "utf8")).toBe(
        sitemapFiles(base, more, languages)["sitemap.xml"],
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
