/**
 * The peers of the full-build rows of `npm run bench`: Hugo building the same number of treatment
 * pages, made from the same synthetic treatments (tests/helpers/synthetic.ts), timed in the same
 * run as our build. Each page has the treatment's heading, sections, subsections and lists as
 * Markdown, and a head like ours (title, description, canonical, Open Graph); a page per
 * treatment in each language of the site, as ours. Hugo comes from Debian (`apt-get install
 * hugo`); where it is not installed the row says so.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readCollections } from "../../src/shared/collections/store";
import type { SubDepartment } from "../../src/shared/generated/collection";
import { syntheticCollection } from "../helpers/synthetic";

const root = path.resolve(import.meta.dirname, "../..");

/** A peer's build: its median seconds over the runs, or why it was not measured. */
export type PeerFigure = { name: string; seconds: number; pages: number } | { name: string; missing: string };

interface Section {
  h2?: string;
  h3?: string;
  h4?: string;
  description?: string;
  description_after?: string;
  list?: string[];
  subsections?: Section[];
  conclusion?: string;
}

/** A treatment's content as Markdown. */
function markdown(item: SubDepartment): string {
  const lines: string[] = [`# ${item.content.h1 ?? item.name}`, "", item.content.intro ?? ""];
  const section = (s: Section) => {
    const heading = s.h2 ? `## ${s.h2}` : s.h3 ? `### ${s.h3}` : s.h4 ? `#### ${s.h4}` : undefined;
    if (heading) lines.push("", heading);
    if (s.description) lines.push("", s.description);
    for (const entry of s.list ?? []) lines.push(`- ${entry}`);
    if (s.description_after) lines.push("", s.description_after);
    for (const sub of s.subsections ?? []) section(sub);
    if (s.conclusion) lines.push("", s.conclusion);
  };
  for (const s of (item.content.sections ?? []) as Section[]) section(s);
  return `${lines.join("\n")}\n`;
}

const layout = `<!doctype html>
<html lang="{{ .Params.lang }}">
<head>
<meta charset="utf-8">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
<meta property="og:url" content="{{ .Permalink }}">
</head>
<body>
<header><nav><a href="/home">Home</a> <a href="/specialities">Specialities</a> <a href="/our-doctors">Doctors</a></nav></header>
<main>{{ .Content }}</main>
<footer>{{ .Site.Title }}</footer>
</body>
</html>
`;

/** A Hugo site with a page per treatment and language, in a new folder. */
function hugoSite(treatments: number, languages: string[]): { dir: string; pages: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-hugo-"));
  const dataFile = "cardiology-sub-departments.json";
  const real = readCollections(path.join(root, "site-config/collections"))[dataFile];
  const { sub_departments: items } = syntheticCollection(real, treatments);
  writeFileSync(
    path.join(dir, "hugo.toml"),
    `baseURL = "https://www.hospitals.example/"\ntitle = "Hospitals"\ndisableKinds = ["taxonomy", "term", "RSS"]\n`,
  );
  mkdirSync(path.join(dir, "layouts/_default"), { recursive: true });
  writeFileSync(path.join(dir, "layouts/_default/single.html"), layout);
  writeFileSync(path.join(dir, "layouts/_default/list.html"), layout);
  for (const lang of languages) {
    const folder = path.join(dir, "content", lang === languages[0] ? "" : lang, "specialities/cardiology");
    mkdirSync(folder, { recursive: true });
    for (const item of items) {
      const front = JSON.stringify({ title: item.meta_title, description: item.meta_description, lang });
      writeFileSync(path.join(folder, `${item.slug}.md`), `${front}\n\n${markdown(item)}`);
    }
  }
  return { dir, pages: items.length * languages.length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Hugo building a page per treatment and language (`runs` times into a new folder each), or why not. */
export function hugoBuild(treatments: number, runs: number): PeerFigure {
  const version = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (version.status !== 0) return { name: "Hugo", missing: "not installed (apt-get install hugo)" };
  const languages = (
    JSON.parse(readFileSync(path.join(root, "site-config/site.json"), "utf8")) as {
      languages: { code: string }[];
    }
  ).languages.map((l) => l.code);
  const site = hugoSite(treatments, languages);
  try {
    const times = Array.from({ length: runs }, (_, run) => {
      const out = path.join(site.dir, `public-${run}`);
      const start = performance.now();
      const result = spawnSync("hugo", ["--quiet", "--source", site.dir, "--destination", out], { encoding: "utf8" });
      const seconds = (performance.now() - start) / 1000;
      if (result.status !== 0) throw new Error(`hugo failed:\n${result.stdout}${result.stderr}`);
      return seconds;
    });
    return {
      name: `Hugo ${/v[\d.]+/.exec(version.stdout)?.[0] ?? ""}`.trim(),
      seconds: median(times),
      pages: site.pages,
    };
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
}
