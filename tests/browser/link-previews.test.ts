/**
 * Link previews in the built site (dist/, from npm run build): every prerendered page names a
 * social card whose source the build wrote, 1200 × 630, with the tags WhatsApp, Facebook, LinkedIn
 * and X read, and the card of a treatment page shows its own words, in its page's language. A
 * crawler asking the relay for a page's og:image gets that PNG at once, drawn on its first request.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../src/relay/app";

const dist = path.resolve(import.meta.dirname, "../../dist");
const cardCache = mkdtempSync(path.join(tmpdir(), "link-previews-"));
let relay: RunningServer;

beforeAll(async () => {
  relay = await startServer({ port: 0, distDir: dist, log: () => {}, cards: { cacheDir: cardCache } });
});
afterAll(async () => {
  await relay?.close();
  rmSync(cardCache, { recursive: true, force: true });
});
const treatment = "specialities/cardiology/treatment-for-heart-failure-in-kukatpally";

function pages(): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === "index.html")
    .map((e) => path.join(e.parentPath, e.name));
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

describe("link previews in the built site", () => {
  it("give every page a card of its own that the build named, with its size, words, locale and Twitter tags", () => {
    const all = pages();
    expect(all.length, "dist/ has no build: run 'npm run build' first").toBeGreaterThan(40);
    const images = new Set<string>();
    const imageByWords = new Map<string, Set<string>>();
    for (const file of all) {
      const html = readFileSync(file, "utf8");
      const image = meta(html, "og:image") ?? "";
      expect(image, file).toMatch(/\/social\/[0-9a-f]{16}\.png$/);
      expect(meta(html, "og:image:width"), file).toBe("1200");
      expect(meta(html, "og:image:height"), file).toBe("630");
      expect(meta(html, "og:image:alt"), file).toBeTruthy();
      // A Telugu or Hindi page says its own locale (issue 15).
      const lang = /^(te|hi)(\/|$)/.exec(path.relative(dist, file))?.[1];
      expect(meta(html, "og:locale"), file).toBe(lang ? `${lang}_IN` : "en_IN");
      expect(meta(html, "twitter:card"), file).toBe("summary_large_image");
      expect(meta(html, "twitter:title"), file).toBe(meta(html, "og:title"));
      expect(meta(html, "twitter:description"), file).toBe(meta(html, "og:description"));
      expect(meta(html, "twitter:image"), file).toBe(image);
      images.add(new URL(image).pathname);
      const words = meta(html, "og:image:alt") ?? "";
      imageByWords.set(words, (imageByWords.get(words) ?? new Set()).add(image));
    }
    // A card is named by what it shows: pages with the same words share one (the home page at /
    // and /home; a translated page whose texts are all still English), pages with other words
    // (every other page, a page in its own language) have their own.
    for (const [words, shown] of imageByWords) expect(shown.size, words).toBe(1);
    expect(images.size).toBe(imageByWords.size);
    const english = all.filter((file) => !/^(te|hi)(\/|$)/.test(path.relative(dist, file)));
    expect(images.size).toBeGreaterThan(english.length - 1);
    // Each is drawn on request from the source the build wrote beside its name (relay-cards.test.ts).
    for (const image of images) expect(existsSync(path.join(dist, image.replace(/\.png$/, ".json"))), image).toBe(true);
    expect(existsSync(path.join(dist, "site-card.png"))).toBe(true);
  });

  it("answer a page's og:image through the relay with its PNG, 1200 × 630, on the first request, English and Telugu", async () => {
    const knee = "specialities/orthopedics/total-knee-replacement";
    for (const page of [treatment, `te/${knee}`]) {
      const image = meta(readFileSync(path.join(dist, page, "index.html"), "utf8"), "og:image") ?? "";
      const res = await fetch(relay.url + new URL(image).pathname);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type"), page).toBe("image/png");
      expect(res.headers.get("cache-control"), page).toBe("public, max-age=31536000, immutable");
      const { width, height, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ page, width, height, format }).toEqual({ page, width: 1200, height: 630, format: "png" });
    }
  });

  it("describe a treatment page's card by its heading, speciality and the site's name", () => {
    const html = readFileSync(path.join(dist, treatment, "index.html"), "utf8");
    expect(meta(html, "og:image:alt")).toBe(
      "Heart Failure Treatment in Kukatpally (Cardiology), Sample Multi-Specialty Hospitals",
    );
  });

  it("draw a translated page's card in its language", () => {
    const knee = "specialities/orthopedics/total-knee-replacement";
    const [english, telugu] = [knee, `te/${knee}`].map((page) =>
      readFileSync(path.join(dist, page, "index.html"), "utf8"),
    );
    expect(meta(telugu, "og:image:alt")).toBe(
      "మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్) (ఆర్థోపెడిక్స్), Sample Multi-Specialty Hospitals",
    );
    expect(meta(telugu, "og:image")).not.toBe(meta(english, "og:image"));
  });
});
