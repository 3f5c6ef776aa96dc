/**
 * The peers of the full-build rows of `npm run bench`: Hugo and Astro building the same number of
 * treatment pages, made from the same synthetic treatments (tests/helpers/synthetic.ts), timed in
 * the same run as our build. Each page has the treatment's heading, sections, subsections and
 * lists, and a head like ours (title, description, canonical, Open Graph); a page per treatment in
 * each language of the site, as ours. Hugo reads them as Markdown files, Astro as one JSON file.
 * Hugo comes from Debian (`apt-get install hugo`), Astro from npm (peer-astro.ts); where one is
 * missing the row says so.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { astroBuild } from "./peer-astro";
import { checkPages, type PeerFigure, type PeerSite, peerSite } from "./peer-site";
import { median } from "./stats";

export type { PeerFigure } from "./peer-site";

const root = path.resolve(import.meta.dirname, "../..");

const hugoLayout = `<!doctype html>
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

/** Hugo's project around the peers' content: its config and its one layout. */
function hugoProject(site: PeerSite): void {
  writeFileSync(
    path.join(site.dir, "hugo.toml"),
    `baseURL = "https://www.hospitals.example/"\ntitle = "Hospitals"\ndisableKinds = ["taxonomy", "term", "RSS"]\n`,
  );
  mkdirSync(path.join(site.dir, "layouts/_default"), { recursive: true });
  writeFileSync(path.join(site.dir, "layouts/_default/single.html"), hugoLayout);
  writeFileSync(path.join(site.dir, "layouts/_default/list.html"), hugoLayout);
}

/** Hugo building a page per treatment and language (`runs` times into a new folder each), or why not. */
function hugoBuild(site: PeerSite, runs: number): PeerFigure {
  const version = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (version.status !== 0) return { name: "Hugo", missing: "not installed (apt-get install hugo)" };
  hugoProject(site);
  const times = Array.from({ length: runs }, (_, run) => {
    const out = path.join(site.dir, `public-${run}`);
    const start = performance.now();
    const result = spawnSync("hugo", ["--quiet", "--source", site.dir, "--destination", out], { encoding: "utf8" });
    const seconds = (performance.now() - start) / 1000;
    if (result.status !== 0) throw new Error(`hugo failed:\n${result.stdout}${result.stderr}`);
    checkPages("hugo", out, site);
    rmSync(out, { recursive: true, force: true });
    return seconds;
  });
  return {
    name: `Hugo ${/v[\d.]+/.exec(version.stdout)?.[0] ?? ""}`.trim(),
    seconds: median(times),
    pages: site.pages,
  };
}

/** The peers, Hugo and Astro, each building a page per treatment and language `runs` times. */
export function peerBuilds(treatments: number, runs: number): { hugo: PeerFigure; astro: PeerFigure } {
  const languages = (
    JSON.parse(readFileSync(path.join(root, "site-config/site.json"), "utf8")) as {
      languages: { code: string }[];
    }
  ).languages.map((l) => l.code);
  const site = peerSite(treatments, languages);
  try {
    return { hugo: hugoBuild(site, runs), astro: astroBuild(site, runs) };
  } finally {
    rmSync(site.dir, { recursive: true, force: true });
  }
}
