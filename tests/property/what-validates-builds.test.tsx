/**
 * What validates builds (issue 25), held with generated texts (a property test, with a seeded
 * generator of its own rather than a library: nothing to install): headings and titles in English,
 * Telugu and Hindi (long, mixed scripts, markup-like, control characters, bidi controls,
 * noncharacters, lone surrogates, emoji, combining marks) go through the validator's real first
 * pass on a small site copy (a collection of one treatment). What it accepts renders: the page's
 * heading and head (title, og:title) carry exactly the text written, and its link-preview card is
 * drawn. What it refuses holds a character the text rule names.
 *
 * `npm test` runs a few thousand cases; `npm run test:property` runs PROPERTY_RUNS times as many
 * and prints the figures.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { JSDOM } from "jsdom";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { headTags } from "../../src/build/prerender/document";
import type { PageInfo } from "../../src/build/prerender/manifest";
import type { SubDepartment, TreatmentCollection } from "../../src/shared/generated/collection";
import { drawCard } from "../../src/shared/social/card";
import { refusedCharacters } from "../../src/shared/text/text-rule";
import { TreatmentHeading } from "../../src/site/blocks/treatment-heading";
import { TreatmentContext } from "../../src/site/collections/treatment-context";
import { presentations } from "../../src/site/config/presentations";
import { FileChecker } from "../../src/validation/check-file";

const root = path.resolve(import.meta.dirname, "../..");
const siteRoot = path.join(root, "site-config");
const collectionFile = path.join(siteRoot, "collections/cardiology-sub-departments.json");
const whole = JSON.parse(readFileSync(collectionFile, "utf8")) as TreatmentCollection;
/**
 * The small site copy: the cardiology collection with its first treatment only, its content the
 * heading and the intro (the long sections are other tests' business, and cost time here).
 */
const first = whole.sub_departments[0];
const treatment: SubDepartment = { ...first, content: { h1: first.content.h1, intro: first.content.intro } };

/** How many times the default numbers of cases to run (npm run test:property sets it). */
const scale = Number(process.env.PROPERTY_RUNS ?? 1);
const figures = { generated: 0, accepted: 0, rendered: 0, cards: 0, crashes: 0 };

const words = {
  en: ["Coronary", "Angiography", "Heart", "Failure", "in", "Kukatpally", "Knee", "&", "₹1.5", "lakhs"],
  te: ["కరోనరీ", "యాంజియోగ్రామ్", "గుండె", "చికిత్స", "క్ష", "న్\u200c", "శ్రీ"],
  hi: ["कोरोनरी", "एंजियोग्राफी", "हृदय", "उपचार", "क्ष", "श्री", "क्\u200dष"],
};
const oddities = [
  "<b>",
  "</b>",
  "<a href='/x'>",
  "<script>alert(1)</script>",
  "&amp;",
  "&lt;",
  "<",
  ">",
  "\u0001",
  "\u000b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u202e",
  "\u2066",
  "\ufffe",
  "\ufdd0",
  "\ud800",
  "\udc00",
  "😀",
  "👩\u200d⚕️",
  "e\u0301",
  "\u0c4d",
  "\t",
  "\n",
  " ",
  "  ",
];
/**
 * A small seeded generator (a linear congruential one, as tests/lib/canonical.test.ts uses): the
 * same seed gives the same cases, so a failure names the seed and the case to run again.
 */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const all = [...words.en, ...words.te, ...words.hi];
  /** Any code point of the Basic Multilingual Plane or beyond, a surrogate half included. */
  const anyCharacter = () => String.fromCodePoint(next(8) === 0 ? 0x10000 + next(0x10ffff - 0xffff) : next(0x10000));
  const piece = () => {
    const kind = next(9);
    if (kind < 6) return all[next(all.length)];
    if (kind < 8) return oddities[next(oddities.length)];
    return Array.from({ length: 1 + next(5) }, anyCharacter).join("");
  };
  /** A heading: a few words and oddities, sometimes repeated into a very long one. */
  return () => {
    const text = Array.from({ length: 1 + next(16) }, piece).join(" ");
    return next(2) === 0 ? text : text.repeat(2 + next(119));
  };
}

/** Runs `check` on `count` generated headings; a failure names the seed and the case. */
async function forEach(count: number, seed: number, check: (text: string) => void | Promise<void>) {
  const heading = generator(seed);
  for (let i = 0; i < count; i++) {
    const text = heading();
    try {
      await check(text);
    } catch (error) {
      throw new Error(`Case ${i} of seed ${seed} (PROPERTY_SEED=${seed}): ${JSON.stringify(text).slice(0, 300)}`, {
        cause: error,
      });
    }
  }
}
const seed = Number(process.env.PROPERTY_SEED ?? 25);

const checker = new FileChecker({ siteRoot, schemasDir: path.join(root, "schemas") }, () => current);
let current = "";

/** The validator's verdict on a treatment whose heading and browser title are `text`. */
function validates(text: string): boolean {
  const item: SubDepartment = { ...treatment, meta_title: text, content: { ...treatment.content, h1: text } };
  current = JSON.stringify({ ...whole, sub_departments: [item] });
  const { problems } = checker.check({ file: collectionFile, validate: true });
  return !problems.some((p) => p.severity === "error");
}

const { window } = new JSDOM("");
const textOf = (html: string, selector: string) => {
  const holder = window.document.createElement("div");
  holder.innerHTML = html;
  return holder.querySelector(selector)?.textContent;
};

const attributeOf = (html: string, selector: string, name: string) => {
  const holder = window.document.createElement("div");
  holder.innerHTML = html;
  return holder.querySelector(selector)?.getAttribute(name);
};

/** The heading as the treatment page renders it, and the head as the prerenderer writes it. */
function rendered(text: string) {
  const subDepartment: SubDepartment = { ...treatment, meta_title: text, content: { ...treatment.content, h1: text } };
  const view = { subDepartment, presentation: presentations.cardiology, speciality: whole.speciality };
  const body = renderToStaticMarkup(
    <TreatmentContext.Provider value={view}>
      <TreatmentHeading block={{ type: "treatment-heading" }} />
    </TreatmentContext.Provider>,
  );
  const info: PageInfo = {
    path: "/x",
    lang: "en",
    alternates: [],
    route: "/x",
    title: text,
    description: "d",
    canonical: "https://h.example/x",
    structuredData: [],
    modules: [],
  };
  const head = headTags(info, "Site", "https://h.example/i.png");
  return {
    h1: textOf(body, "h1"),
    title: textOf(head, "title"),
    ogTitle: attributeOf(head, 'meta[property="og:title"]', "content"),
  };
}

// The longer run (npm run test:property) takes as many times longer as it has cases.
describe("what validates builds", { timeout: 120_000 * scale }, () => {
  it("renders every heading the validator accepts exactly as written, and refuses only what the text rule names", () => {
    return forEach(3000 * scale, seed, (text) => {
      figures.generated++;
      const accepted = validates(text);
      // Refused: for a character the rule names, or for the schema's own reasons (blank text).
      if (!accepted) {
        expect(refusedCharacters(text).length > 0 || text.trim() === "", JSON.stringify(text)).toBe(true);
        return;
      }
      figures.accepted++;
      try {
        const shown = rendered(text);
        figures.rendered++;
        expect(shown).toEqual({ h1: text, title: text, ogTitle: text });
      } catch (error) {
        figures.crashes++;
        throw error;
      }
    });
  });

  it("draws the card of accepted headings, however long, in every script", async () => {
    const cacheDir = path.join(tmpdir(), "property-cards");
    // Other headings than the first test's (a seed of its own): the card's fitting is the point here.
    await forEach(12 * scale, seed + 1, async (text) => {
      if (!validates(text)) return;
      try {
        const card = { title: text, kicker: "కార్డియాలజీ", brand: "Site", logo: "/x.svg", host: "h.example" };
        const { width, height } = await sharp(await drawCard(card, undefined, cacheDir)).metadata();
        expect({ width, height }).toEqual({ width: 1200, height: 630 });
        figures.cards++;
      } catch (error) {
        figures.crashes++;
        throw error;
      }
    });
    if (scale > 1) console.log(`property figures: ${JSON.stringify(figures)}`);
    expect(figures.crashes).toBe(0);
  });
});
