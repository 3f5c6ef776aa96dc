/**
 * sitemap.xml and robots.txt. A sitemap file may hold at most 50,000 addresses and 50 MB
 * (sitemaps.org, which Google and Bing follow); a site past either (about 16,000 treatments in three
 * languages: each address carries its page in every language) gets its addresses in
 * sitemap-1.xml, sitemap-2.xml, … and sitemap.xml becomes their index, still the one file
 * robots.txt names.
 */
import { readdirSync } from "node:fs";
import { localPath } from "../shared/i18n/languages";
import { removeOutput } from "./clean-up";
import { writeIfChanged } from "./compress";
import { hashAll } from "./inputs";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** What one sitemap file may hold. */
export interface SitemapLimits {
  urls: number;
  bytes: number;
}

export const sitemapLimits: SitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const header = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A part's file name: sitemap-1.xml, sitemap-2.xml, … */
export const sitemapPart = (n: number) => `sitemap-${n}.xml`;
/** Whether a file of dist/ is a sitemap part (a build removes the ones it no longer makes). */
export const isSitemapPart = (file: string) => /^sitemap-\d+\.xml$/.test(file);

/**
 * The sitemap files of the pages (a language's root, '/' or '/te', is left out: /home is the home
 * page's address), each page with the same page in every language and x-default (Google's
 * hreflang in sitemaps: xhtml:link alternates on each <url>), by file name.
 */
export function sitemapFiles(
  base: string,
  pages: readonly { path: string; english: string }[],
  languages: readonly { code: string }[] = [{ code: "en" }],
  limits: SitemapLimits = sitemapLimits,
): Record<string, string> {
  const codes = languages.map((l) => l.code);
  const entries = pages
    .filter((p) => p.english !== "/")
    .map((p) => {
      const links =
        codes.length < 2
          ? []
          : [...codes.map((code) => [code, localPath(p.english, code, codes[0])]), ["x-default", p.english]].map(
              ([hreflang, to]) =>
                `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(base + to)}"/>`,
            );
      return `  <url><loc>${escapeXml(base + p.path)}</loc>${links.join("")}${links.length > 0 ? "\n  " : ""}</url>`;
    });
  const xhtml = codes.length < 2 ? "" : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  const open = `${header}<urlset ${namespace}${xhtml}>\n`;
  const close = "\n</urlset>\n";
  const urlset = (part: string[]) => `${open}${part.join("\n")}${close}`;

  // Parts filled in order, each up to the limits (bytes counted as UTF-8).
  const parts: string[][] = [[]];
  let bytes = Buffer.byteLength(open + close);
  for (const entry of entries) {
    const size = Buffer.byteLength(entry) + 1;
    const part = parts[parts.length - 1];
    if (part.length > 0 && (part.length >= limits.urls || bytes + size > limits.bytes)) {
      parts.push([]);
      bytes = Buffer.byteLength(open + close);
    }
    parts[parts.length - 1].push(entry);
    bytes += size;
  }
  if (parts.length === 1) return { "sitemap.xml": urlset(parts[0]) };
  const files: Record<string, string> = {};
  parts.forEach((part, i) => {
    files[sitemapPart(i + 1)] = urlset(part);
  });
  const index = Object.keys(files)
    .map((name) => `  <sitemap><loc>${escapeXml(`${base}/${name}`)}</loc></sitemap>`)
    .join("\n");
  files["sitemap.xml"] = `${header}<sitemapindex ${namespace}>\n${index}\n</sitemapindex>\n`;
  return files;
}

export const robotsTxt = (base: string) => `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`;

/**
 * Writes sitemap.xml (an index of sitemap-N.xml on a very large site) and robots.txt into dist/;
 * an incremental build also removes the parts of a larger sitemap than this one (a full build's
 * clean-up removes them too). Returns what it wrote and removed, and the key of what the files
 * are made of: an incremental build given the last build's key (`kept`) writes nothing when it is
 * the same (the addresses, their languages and the limits; dist/ is the last build's, or the build
 * would be a full one), instead of making 30,000 addresses' text again to find it unchanged.
 */
export function writeSitemaps(
  distDir: string,
  base: string,
  pages: readonly { path: string; english: string }[],
  languages: readonly { code: string }[],
  limits: SitemapLimits | undefined,
  incremental: boolean,
  kept?: string,
): { written: string[]; removed: string[]; key: string } {
  const key = hashAll([
    base,
    JSON.stringify(limits ?? sitemapLimits),
    languages.map((l) => l.code).join(","),
    ...pages.map((p) => `${p.path} ${p.english}`),
  ]);
  if (incremental && kept === key) return { written: [], removed: [], key };
  const sitemaps = sitemapFiles(base, pages, languages, limits);
  const written = [...Object.entries(sitemaps), ["robots.txt", robotsTxt(base)]].flatMap(([name, text]) =>
    writeIfChanged(distDir, name, text, incremental),
  );
  const removed = incremental
    ? readdirSync(distDir)
        .filter((name) => isSitemapPart(name) && !(name in sitemaps))
        .flatMap((name) => removeOutput(distDir, name))
    : [];
  return { written, removed, key };
}
