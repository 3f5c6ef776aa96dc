/**
 * Astro 5, the full-build rows' second peer: an Astro project with the peers' treatments as JSON,
 * one `[...slug].astro` page with the same head as Hugo's layout and a recursive section component,
 * built with `astro build`. Astro is not one of the project's packages (it brings
 * its own Vite): it is installed once, on the first bench that needs it, into
 * node_modules/.cache/bench-peers/astro-5 (`npm install astro@5`, about 40 s); where that fails
 * (no registry), the row says so.
 *
 * Each timed run starts without Astro's caches in the project (.astro/), so it renders every page
 * as our `--force` does.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkPages, type PeerFigure, type PeerSite, type Section } from "./peer-site";
import { median } from "./stats";

const root = path.resolve(import.meta.dirname, "../..");
const installDir = path.join(root, "node_modules/.cache/bench-peers/astro-5");
const astroBin = path.join(installDir, "node_modules/astro/astro.js");

/** Astro's packages, installed on first use: undefined when there, else why they are not. */
function installAstro(): string | undefined {
  if (existsSync(astroBin)) return undefined;
  mkdirSync(installDir, { recursive: true });
  console.error("  peers: installing astro@5 for the bench (once)...");
  const result = spawnSync(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", installDir, "astro@5"],
    { encoding: "utf8" },
  );
  if (result.status === 0 && existsSync(astroBin)) return undefined;
  const reason = `${result.stderr}`.split("\n").find((line) => /ERR!/.test(line)) ?? `exit ${result.status}`;
  return `not installed (npm install astro@5 failed: ${reason.trim()})`;
}

// The page reads the treatments as our renderer does, from JSON (not Markdown, which Astro would
// run through remark and rehype: minutes at 10,000 pages), and renders them with components.
const page = `---
import { readFileSync } from "node:fs";
import Section from "../Section.astro";
export function getStaticPaths() {
  const pages = JSON.parse(readFileSync("treatments.json", "utf8"));
  return pages.map((p) => ({ params: { slug: p.path }, props: { p } }));
}
const { p } = Astro.props;
const url = new URL(Astro.url.pathname, Astro.site);
---
<html lang={p.lang}>
<head>
<meta charset="utf-8">
<title>{p.title}</title>
<meta name="description" content={p.description}>
<link rel="canonical" href={url}>
<meta property="og:title" content={p.title}>
<meta property="og:description" content={p.description}>
<meta property="og:url" content={url}>
</head>
<body>
<header><nav><a href="/home">Home</a> <a href="/specialities">Specialities</a> <a href="/our-doctors">Doctors</a></nav></header>
<main>
<h1>{p.h1}</h1>
{p.intro && <p>{p.intro}</p>}
{p.sections.map((s) => <Section s={s} />)}
</main>
<footer>Hospitals</footer>
</body>
</html>
`;

const section = `---
const { s } = Astro.props;
---
{s.h2 && <h2>{s.h2}</h2>}
{s.h3 && <h3>{s.h3}</h3>}
{s.h4 && <h4>{s.h4}</h4>}
{s.description && <p>{s.description}</p>}
{s.list && <ul>{s.list.map((entry) => <li>{entry}</li>)}</ul>}
{s.description_after && <p>{s.description_after}</p>}
{s.subsections?.map((sub) => <Astro.self s={sub} />)}
{s.conclusion && <p>{s.conclusion}</p>}
`;

/** Astro's project beside the peers' content: its config, the treatments as JSON, the page and its section. */
function astroProject(site: PeerSite): void {
  mkdirSync(path.join(site.dir, "src/pages"), { recursive: true });
  writeFileSync(
    path.join(site.dir, "astro.config.mjs"),
    `export default { site: "https://www.hospitals.example/" };\n`,
  );
  const pages = site.languages.flatMap((lang, index) =>
    site.items.map((item) => ({
      path: `${index === 0 ? "" : `${lang}/`}specialities/cardiology/${item.slug}`,
      lang,
      title: item.meta_title,
      description: item.meta_description,
      h1: item.content.h1 ?? item.name,
      intro: item.content.intro,
      sections: (item.content.sections ?? []) as Section[],
    })),
  );
  writeFileSync(path.join(site.dir, "treatments.json"), JSON.stringify(pages));
  writeFileSync(path.join(site.dir, "src/pages/[...slug].astro"), page);
  writeFileSync(path.join(site.dir, "src/Section.astro"), section);
  if (!existsSync(path.join(site.dir, "node_modules")))
    symlinkSync(path.join(installDir, "node_modules"), path.join(site.dir, "node_modules"), "dir");
}

/** Astro building a page per treatment and language (`runs` times, each without its content cache), or why not. */
export function astroBuild(site: PeerSite, runs: number): PeerFigure {
  const missing = installAstro();
  if (missing) return { name: "Astro", missing };
  astroProject(site);
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", NODE_OPTIONS: "--max-old-space-size=8192" };
  const times = Array.from({ length: runs }, (_, run) => {
    rmSync(path.join(site.dir, ".astro"), { recursive: true, force: true });
    const out = path.join(site.dir, `astro-dist-${run}`);
    const start = performance.now();
    const result = spawnSync(process.execPath, [astroBin, "build", "--outDir", out], {
      cwd: site.dir,
      encoding: "utf8",
      env,
      maxBuffer: 256 * 1024 * 1024,
    });
    const seconds = (performance.now() - start) / 1000;
    if (result.status !== 0) throw new Error(`astro build failed:\n${result.stdout}${result.stderr}`);
    checkPages("astro", out, site);
    rmSync(out, { recursive: true, force: true });
    return seconds;
  });
  const { version } = JSON.parse(readFileSync(path.join(installDir, "node_modules/astro/package.json"), "utf8")) as {
    version: string;
  };
  return {
    name: `Astro ${version}`,
    seconds: median(times),
    pages: site.pages,
  };
}
