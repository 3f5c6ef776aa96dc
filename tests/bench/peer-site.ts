/**
 * The peers' site (peers.ts): the same synthetic treatments as our benchmark's copies
 * (tests/helpers/synthetic.ts), a page per treatment and language, written as Markdown files in a
 * new folder's content/ (Hugo reads those; Astro reads the same treatments as JSON: peer-astro.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readCollections } from "../../src/shared/collections/store";
import type { SubDepartment } from "../../src/shared/generated/collection";
import { syntheticCollection } from "../helpers/synthetic";

const root = path.resolve(import.meta.dirname, "../..");

/** A peer's build: its median seconds over the runs, or why it was not measured. */
export type PeerFigure = { name: string; seconds: number; pages: number } | { name: string; missing: string };

export interface Section {
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

/** The peers' site: a Markdown file per treatment and language, in a new folder's content/. */
export interface PeerSite {
  dir: string;
  pages: number;
  /** The treatments (the same in each language, as Hugo's Markdown has them) and the languages. */
  items: SubDepartment[];
  languages: string[];
}

export function peerSite(treatments: number, languages: string[]): PeerSite {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-peers-"));
  const dataFile = "cardiology-sub-departments.json";
  const real = readCollections(path.join(root, "site-config/collections"))[dataFile];
  const { sub_departments: items } = syntheticCollection(real, treatments);
  for (const lang of languages) {
    const folder = path.join(dir, "content", lang === languages[0] ? "" : lang, "specialities/cardiology");
    mkdirSync(folder, { recursive: true });
    for (const item of items) {
      // YAML front matter, read by both peers (JSON strings are YAML strings).
      const front = [
        `title: ${JSON.stringify(item.meta_title)}`,
        `description: ${JSON.stringify(item.meta_description)}`,
        `lang: ${JSON.stringify(lang)}`,
      ].join("\n");
      writeFileSync(path.join(folder, `${item.slug}.md`), `---\n${front}\n---\n\n${markdown(item)}`);
    }
  }
  return { dir, pages: items.length * languages.length, items, languages };
}

/** Throws unless `out` holds a treatment page for each treatment and language (what the row counts). */
export function checkPages(peer: string, out: string, site: PeerSite): void {
  const pages = (readdirSync(out, { recursive: true }) as string[]).filter((f) =>
    /specialities[/\\]cardiology[/\\][^/\\]+[/\\]index\.html$/.test(f),
  ).length;
  if (pages !== site.pages) throw new Error(`${peer} made ${pages} treatment pages in ${out}, not ${site.pages}.`);
}
