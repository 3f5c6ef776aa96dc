/**
 * The build's social cards: each page's card drawn once and kept in a cache folder under a name
 * made from everything it shows (its words, the logo's bytes, the fonts, the design), so a build
 * redraws only the cards of pages that changed, and the card's address changes with it (link
 * preview services keep an image by its address). Cards are written to <dist>/social/.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cardDesign, cardFontFiles, drawCard } from "./card";
import { type CardSpec, cardAlt, cardSize, type ShareImage } from "./card-spec";
import { scriptFontOf } from "./script-text";

const require = createRequire(import.meta.url);

export interface CardStore {
  /** The built site (the logo is read from here, cards are written to <distDir>/social/). */
  distDir: string;
  /** Where drawn cards are kept between builds. */
  cacheDir: string;
  /** The site's public address, for absolute image addresses. */
  canonicalBase: string;
}

/** Where drawn cards are kept between builds: SOCIAL_CARD_CACHE, or node_modules/.cache/social-cards. */
export function cardCacheDir(): string {
  return path.resolve(process.env.SOCIAL_CARD_CACHE ?? "node_modules/.cache/social-cards");
}

/** How many cards were drawn and how many came from the cache, for the build's summary. */
export const cardCounts = { drawn: 0, cached: 0 };

const logoTypes: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};
const logos = new Map<string, { data: Buffer; type: string } | undefined>();
let fontsHash: string | undefined;

function logoOf(distDir: string, src: string) {
  const file = path.join(distDir, src);
  if (!logos.has(file)) {
    const type = logoTypes[path.extname(src).toLowerCase()];
    logos.set(file, type && existsSync(file) ? { data: readFileSync(file), type } : undefined);
  }
  return logos.get(file);
}

/** The script fonts a card's texts are drawn with (script-text.ts), by their files. */
function scriptFontFiles(card: CardSpec): string[] {
  const fonts = new Set([card.title, card.kicker, card.brand].map((text) => (text ? scriptFontOf(text) : undefined)));
  return [...fonts].flatMap((font) => (font ? [require.resolve(font.file), require.resolve(font.latinFile)] : []));
}

/** The card's cache key: a hash of all it shows and how it is drawn. */
export function cardKey(card: CardSpec, logo: Buffer | undefined): string {
  fontsHash ??= createHash("sha256")
    .update(Buffer.concat(cardFontFiles().map((f) => readFileSync(f))))
    .digest("hex");
  const key = createHash("sha256")
    .update(JSON.stringify([cardDesign, fontsHash, card]))
    .update(logo ?? "");
  // A Telugu or Devanagari card depends on its script's font too (an English card's key is as before).
  for (const file of scriptFontFiles(card)) key.update(readFileSync(file));
  return key.digest("hex").slice(0, 16);
}

/**
 * The page's card, drawn unless the cache has it, and copied into the built site. Returns the
 * image as the page's head names it.
 */
export async function ensureCard(card: CardSpec, store: CardStore): Promise<ShareImage> {
  const logo = logoOf(store.distDir, card.logo);
  const name = `${cardKey(card, logo?.data)}.png`;
  const cached = path.join(store.cacheDir, name);
  if (existsSync(cached)) cardCounts.cached++;
  else {
    const png = await drawCard(card, logo, store.cacheDir);
    mkdirSync(store.cacheDir, { recursive: true });
    // Written aside and renamed: two workers drawing the same card never leave half a file.
    const temporary = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, png);
    renameSync(temporary, cached);
    cardCounts.drawn++;
  }
  const out = path.join(store.distDir, "social", name);
  if (!existsSync(out)) {
    mkdirSync(path.dirname(out), { recursive: true });
    copyFileSync(cached, out);
  }
  return { url: `${store.canonicalBase}/social/${name}`, ...cardSize, alt: cardAlt(card), type: "image/png" };
}
