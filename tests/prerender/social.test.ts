/**
 * Link previews: each page's card (1200 × 630 PNG, the page's words and the site's brand) is
 * named by a hash of what it shows, its source written beside the name for whatever draws it (the
 * relay on request, npm run cards), and named in the page's head with its size and text
 * alternative, with Open Graph's locale and Twitter's large card. The build draws none.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { headTags, localeOf } from "../../src/build/prerender/document";
import type { PageInfo } from "../../src/build/prerender/manifest";
import { cardCounts, nameCard, siteCard, writeSiteCard } from "../../src/build/social/cards";
import { cardDesign, cardFontFiles } from "../../src/shared/social/card";
import { cardKey, readCardSource } from "../../src/shared/social/card-key";
import { ownShareImage } from "../../src/shared/social/card-spec";
import { scriptFontOf, scriptText } from "../../src/shared/social/script-text";
import { sampleCard } from "../helpers/cards";

const folder = mkdtempSync(path.join(tmpdir(), "social-cards-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const store = {
  distDir: path.join(folder, "dist"),
  cacheDir: path.join(folder, "cache"),
  canonicalBase: "https://www.hospitals.example",
};
const card = sampleCard;

describe("a page's social card", () => {
  it("is named in the head with its size and words, its source written for the relay to draw, and not drawn", () => {
    const { image, files } = nameCard(card, store);
    expect(image).toMatchObject({ width: 1200, height: 630, type: "image/png" });
    expect(image.alt).toBe("Heart Failure Treatment in Kukatpally (Cardiology), Sample Multi-Specialty Hospitals");
    expect(image.url).toMatch(/^https:\/\/www\.hospitals\.example\/social\/[0-9a-f]{16}\.png$/);
    const key = path.basename(image.url, ".png");
    expect(files).toEqual([`social/${key}.json`]);
    expect(readCardSource(store.distDir, key)).toEqual(card);
    expect(readdirSync(path.join(store.distDir, "social")).filter((f) => f.endsWith(".png"))).toEqual([]);
  });

  it("keeps its name while the page is unchanged, and a changed page names another", () => {
    const first = nameCard(card, store);
    const written = cardCounts.written;
    rmSync(store.distDir, { recursive: true, force: true }); // a new build starts from an empty dist/
    const again = nameCard(card, store);
    expect(again.image.url).toBe(first.image.url);
    expect(readFileSync(path.join(store.distDir, again.files[0]), "utf8")).toContain('"design":"card-');
    expect(cardCounts.written).toBe(written + 1);
    const renamed = nameCard({ ...card, title: "Heart Failure Clinic" }, store);
    expect(renamed.image.url).not.toBe(first.image.url);
  });

  it("keeps a PNG drawn into dist/ (npm run cards) as one of the build's files", async () => {
    const { image } = nameCard(card, store);
    const png = path.join(store.distDir, new URL(image.url).pathname);
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toFile(png);
    expect(nameCard(card, store).files).toEqual([
      `social/${path.basename(png, ".png")}.json`,
      `social/${path.basename(png)}`,
    ]);
  });

  it("is, for the site itself, drawn into dist/site-card.png, from the cache the next time", async () => {
    const facts = { name: "Sample Hospitals", logo: "/images/logo.svg", canonicalBase: store.canonicalBase };
    const dist = path.join(folder, "site-card");
    expect(await writeSiteCard(siteCard(facts), dist, store.cacheDir)).toEqual(["site-card.png"]);
    const { width, height } = await sharp(path.join(dist, "site-card.png")).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
    expect(await writeSiteCard(siteCard(facts), dist, store.cacheDir)).toEqual([]);
  });
});

describe("drawing a card", () => {
  const logo = {
    data: readFileSync(path.resolve(import.meta.dirname, "../../public/images/logo.svg")),
    type: "image/svg+xml",
  };
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [...data.subarray(at, at + 3)];
  };

  it("draws the same bytes whether it is a process's first card or a later one (a fresh and an incremental build agree)", async () => {
    const { drawCard } = await import("../../src/shared/social/card");
    const first = await drawCard(card, logo, store.cacheDir);
    await drawCard({ ...card, title: "Another page between", kicker: "ఆర్థోపెడిక్స్" }, logo, store.cacheDir);
    expect((await drawCard(card, logo, store.cacheDir)).equals(first)).toBe(true);
    vi.resetModules(); // a new process: the site's template is drawn again
    const fresh = await import("../../src/shared/social/card");
    expect((await fresh.drawCard(card, logo, store.cacheDir)).equals(first)).toBe(true);
  });

  it("lays the page's words over the site's template: the accent pill and white title in the middle, the ground around", async () => {
    const { drawCard } = await import("../../src/shared/social/card");
    const png = await drawCard({ ...card, title: "IIIIIIIIIIII" }, logo, store.cacheDir);
    const ground = await pixel(png, 1180, 315); // right of the words, left of nothing: the gradient
    expect(ground[0]).toBeLessThan(40); // a dark teal, not white and not the accent
    expect(ground[1]).toBeGreaterThan(ground[0]);
    const words = await drawCard({ ...card, title: "\u2588".repeat(3) }, logo, store.cacheDir);
    // The pill's colour (#c2410c) at its left end, in the band's top half.
    const column = await Promise.all(Array.from({ length: 200 }, (_, i) => pixel(words, 80, 160 + i)));
    expect(column.some(([r, g, b]) => r > 180 && g < 90 && b < 40)).toBe(true);
    // The foot's brand is drawn (light text at the bottom left).
    const foot = await Promise.all(Array.from({ length: 34 }, (_, i) => pixel(png, 76, 540 + i)));
    expect(foot.some(([r]) => r > 150)).toBe(true);
  });
});

describe("a translated page's social card", () => {
  const options = {
    size: 68,
    weight: 700,
    color: "#ffffff",
    width: 1000,
    maxHeight: 400,
    cacheDir: store.cacheDir,
  } as const;

  it("draws Telugu and Devanagari shaped, as a browser does: a conjunct is one cluster, not its letters side by side", async () => {
    for (const [lang, [first, second]] of [
      ["te", ["క", "ష"]],
      ["hi", ["क", "ष"]],
    ] as const) {
      const font = scriptFontOf(first);
      expect(font?.family, lang).toBe(lang === "te" ? "Noto Sans Telugu" : "Noto Sans Devanagari");
      if (!font) continue;
      const virama = lang === "te" ? "\u0c4d" : "\u094d";
      const [a, b, conjunct] = await Promise.all(
        [first, second, `${first}${virama}${second}`].map((text) => scriptText(text, font, options)),
      );
      // Unshaped (or in boxes), the conjunct would be at least as wide as its two letters.
      expect(conjunct.width, lang).toBeLessThan(0.7 * (a.width + b.width));
    }
    expect(scriptFontOf("Heart Failure Treatment")).toBeUndefined();
  });

  it("draws a long Telugu or Hindi heading smaller, then cut with an ellipsis, and never fails the build", async () => {
    const title = { ...options, width: 1056, maxHeight: 306 };
    for (const heading of [
      "కరోనరీ యాంజియోగ్రామ్ ".repeat(4).trim(), // 83 characters: sharp refused it before
      "कोरोनरी एंजियोग्राफी ".repeat(8).trim(), // 167
      "కరోనరీ ".repeat(2000), // 14,000: Pango refused the surface before
      "కరోనరీయాంజియోగ్రామ్".repeat(30), // one word wider than the card
    ]) {
      const font = scriptFontOf(heading);
      if (!font) throw new Error("no script font");
      const drawn = await scriptText(heading, font, title);
      expect(drawn.height, heading.slice(0, 20)).toBeLessThanOrEqual(306);
      expect(drawn.width, heading.slice(0, 20)).toBeLessThanOrEqual(1056);
    }
    const { drawCard } = await import("../../src/shared/social/card");
    const png = await drawCard({ ...card, title: "కరోనరీ యాంజియోగ్రామ్ ".repeat(4).trim() }, undefined, store.cacheDir);
    const { width, height } = await sharp(png).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  });

  it("is a 1200 × 630 PNG with its words in its language, and keeps an English card's name", async () => {
    const spec = { ...card, title: "టోటల్ నీ రీప్లేస్‌మెంట్ సర్జరీ", kicker: "ఆర్థోపెడిక్స్" };
    const telugu = nameCard(spec, store).image;
    expect(telugu.alt).toBe("టోటల్ నీ రీప్లేస్‌మెంట్ సర్జరీ (ఆర్థోపెడిక్స్), Sample Multi-Specialty Hospitals");
    const { drawCard } = await import("../../src/shared/social/card");
    const { width, height } = await sharp(await drawCard(spec, undefined, store.cacheDir)).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
    // An English card's name is made as before (its words, the design, the Latin font, the logo),
    // so no English card is drawn again.
    const inter = cardFontFiles().map((f) => readFileSync(f));
    const fonts = createHash("sha256").update(Buffer.concat(inter)).digest("hex");
    const before = createHash("sha256")
      .update(JSON.stringify([cardDesign, fonts, card]))
      .update("")
      .digest("hex");
    expect(cardKey(card, undefined)).toBe(before.slice(0, 16));
  });
});

describe("a page's head for link previews", () => {
  const info: PageInfo = {
    path: "/x",
    lang: "en",
    alternates: [],
    route: "/x",
    title: "Knee & Hip",
    description: "Joint care",
    canonical: "https://www.hospitals.example/x",
    structuredData: [],
    modules: [],
  };
  const image = {
    url: "https://www.hospitals.example/social/abc.png",
    width: 1200,
    height: 630,
    alt: "Knee & Hip",
    type: "image/png",
  };

  it("names the image with its type, size and text alternative, the locale, and Twitter's large card", () => {
    const head = headTags(info, "Hospitals", image, localeOf('<html lang="en-IN">'));
    for (const tag of [
      '<meta property="og:locale" content="en_IN" />',
      '<meta property="og:image" content="https://www.hospitals.example/social/abc.png" />',
      '<meta property="og:image:type" content="image/png" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      '<meta property="og:image:alt" content="Knee &amp; Hip" />',
      '<meta name="twitter:card" content="summary_large_image" />',
      '<meta name="twitter:title" content="Knee &amp; Hip" />',
      '<meta name="twitter:description" content="Joint care" />',
      '<meta name="twitter:image" content="https://www.hospitals.example/social/abc.png" />',
    ])
      expect(head).toContain(tag);
  });

  it("uses a page's own picture, as its config names it, with its size", () => {
    const own = ownShareImage(
      { src: "/images/share/knee.jpg", alt: "A surgeon", width: 1200, height: 628 },
      "https://www.hospitals.example",
    );
    expect(own).toEqual({
      url: "https://www.hospitals.example/images/share/knee.jpg",
      width: 1200,
      height: 628,
      alt: "A surgeon",
      type: "image/jpeg",
    });
  });

  it("gives an image of unknown size the small card", () => {
    expect(headTags(info, "Hospitals", "https://www.hospitals.example/logo.svg")).toContain(
      '<meta name="twitter:card" content="summary" />',
    );
  });
});
