/**
 * Link preview cards drawn by the relay on their first request (src/relay/cards.ts): only cards
 * the build named (dist/social/<key>.json), drawn once in a thread and kept, answered as
 * immutable PNGs; any other name is a 404, and the address's words are never drawn.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameCard } from "../../src/build/social/cards";
import type { CardSpec } from "../../src/shared/social/card-spec";
import { sampleCard } from "../helpers/cards";
import { startTestRelay, type TestRelay, tempDir } from "../helpers/relay";

const root = path.resolve(import.meta.dirname, "../..");
const card = sampleCard;
const telugu: CardSpec = { ...card, title: "టోటల్ నీ రీప్లేస్‌మెంట్ సర్జరీ", kicker: "ఆర్థోపెడిక్స్" };

let relay: TestRelay;
const cache = tempDir("relay-cards-");
/** The path of each card's PNG, as the build names it in a page's head. */
const named: Record<"english" | "telugu", string> = { english: "", telugu: "" };

/** Names `spec` as the build does, in the relay's built site: its address's path. */
function buildNames(distDir: string, spec: CardSpec): string {
  return new URL(nameCard(spec, { distDir, canonicalBase: "https://www.hospitals.example" }).image.url).pathname;
}

beforeAll(async () => {
  relay = await startTestRelay({ cards: { cacheDir: cache.dir, threads: 1, queue: 100 } });
  const distDir = path.join(relay.dir, "dist");
  mkdirSync(path.join(distDir, "images"), { recursive: true });
  copyFileSync(path.join(root, "public/images/logo.svg"), path.join(distDir, "images/logo.svg"));
  named.english = buildNames(distDir, card);
  named.telugu = buildNames(distDir, telugu);
});
afterAll(async () => {
  await relay?.stop();
  cache.cleanup();
});

const size = async (res: Response) => {
  const { width, height, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { width, height, format };
};

describe("the relay's link preview cards", { timeout: 120_000 }, () => {
  it("draws a card the build named on its first request, then answers from its cache, cached for a year", async () => {
    const first = await fetch(relay.url + named.english);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await first.clone().arrayBuffer());
    expect(await size(first)).toEqual({ width: 1200, height: 630, format: "png" });
    const key = path.basename(named.english, ".png");
    expect(existsSync(path.join(cache.dir, `${key}.png`))).toBe(true);
    // With its source gone the card could not be drawn again: the second answer is the kept one.
    rmSync(path.join(relay.dir, "dist/social", `${key}.json`));
    const again = await fetch(relay.url + named.english);
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const unchanged = await fetch(relay.url + named.english, { headers: { "If-None-Match": `"${key}"` } });
    expect(unchanged.status).toBe(304);
  });

  it("draws a Telugu card", async () => {
    const res = await fetch(relay.url + named.telugu);
    expect(res.status).toBe(200);
    expect(await size(res)).toEqual({ width: 1200, height: 630, format: "png" });
  });

  it("answers 404 for a card no build named, and never reaches outside its folders", async () => {
    for (const address of [
      "/social/0123456789abcdef.png", // a card's shape, named by no build
      "/social/..%2F..%2Fleads.db", // out of the folder, its slashes encoded
      "/social/..%2fdist%2fsocial%2f0123456789abcdef.png",
      "/social/%2e%2e/%2e%2e/leads.db",
      `/social/${path.basename(named.telugu, ".png").toUpperCase()}.png`,
    ]) {
      const res = await fetch(relay.url + address);
      expect(res.status, address).toBe(404);
      expect(res.headers.get("content-type"), address).not.toBe("image/png");
    }
  });

  it("refuses with 503 and Retry-After, never queueing without end, when more cards wait than it takes", async () => {
    const busy = await startTestRelay({ cards: { cacheDir: path.join(cache.dir, "busy"), threads: 1, queue: 0 } });
    try {
      const distDir = path.join(busy.dir, "dist");
      mkdirSync(path.join(distDir, "images"), { recursive: true });
      const addresses = ["One", "Two", "Three"].map((title) => buildNames(distDir, { ...card, title }));
      const answers = await Promise.all(addresses.map((address) => fetch(busy.url + address)));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses.at(-1)).toBe(503);
      expect(answers.find((res) => res.status === 503)?.headers.get("retry-after")).toBe("5");
    } finally {
      await busy.stop();
    }
  });
});
