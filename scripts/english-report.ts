/**
 * How much of the Telugu and Hindi site is still English: for every prerendered page of a
 * language, the texts with English words in them, marked lang="en" (a fallback or a deliberate
 * English term) and unmarked (what tests/browser/english-marked.test.ts fails on).
 * Run after `npm run build`: `npm run english -- [te|hi ...] [--list]`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { dist, englishTexts, pagesOf, site } from "../tests/helpers/english-text";

const args = process.argv.slice(2);
const list = args.includes("--list");
const codes = args.filter((a) => !a.startsWith("--"));
const languages = codes.length ? codes : site.languages.map((l) => l.code).filter((c) => c !== "en");

for (const code of languages) {
  let marked = 0;
  let unmarked = 0;
  console.log(`\n${code}: page  English texts (marked lang="en" / unmarked)`);
  for (const file of pagesOf(code)) {
    const texts = englishTexts(readFileSync(file, "utf8"));
    const m = texts.filter((t) => t.marked).length;
    marked += m;
    unmarked += texts.length - m;
    const route = `/${path.relative(dist, path.dirname(file))}`;
    console.log(`${route.padEnd(90)} ${String(texts.length).padStart(4)} (${m} / ${texts.length - m})`);
    if (list)
      for (const t of texts)
        console.log(`    ${t.marked ? "en" : "!!"} ${t.where}: ${t.text.replace(/\s+/g, " ").slice(0, 110)}`);
  }
  console.log(
    `${code}: ${marked + unmarked} English texts on ${pagesOf(code).length} pages (${marked} marked, ${unmarked} unmarked)`,
  );
}
