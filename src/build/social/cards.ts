/**
 * The build's social cards: the build names each page's card and draws none. A card's name is a
 * hash of everything it shows (src/shared/social/card-key.ts); the build writes what to draw
 * beside it, <dist>/social/<key>.json, and the page's head names /social/<key>.png. The relay
 * draws a card on its first request and keeps it (src/relay/cards.ts); for a host without a
 * relay, `npm run cards` draws the missing ones into dist/social/ (draw-cards.ts). A name changes
 * with what the card shows, so link preview services (which keep an image by its address) see a
 * changed page's new card.
 *
 * The build draws one card: the site's own (dist/site-card.png), what a static host shows for a
 * page whose card is not drawn yet. It is not under social/, where every file is named by its
 * content and may be cached for good.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { drawCard } from "../../shared/social/card";
import { cardKey, cardSourceFile, cardSourceText, logoOf } from "../../shared/social/card-key";
import { type CardSpec, cardAlt, cardSize, type ShareImage } from "../../shared/social/card-spec";
import { writeOutput } from "../output-file";

export interface CardStore {
  /** The built site (the logo is read from here, card sources are written to <distDir>/social/). */
  distDir: string;
  /** The site's public address, for absolute image addresses. */
  canonicalBase: string;
}

/** Where drawn cards are kept: SOCIAL_CARD_CACHE, or node_modules/.cache/social-cards. */
export function cardCacheDir(): string {
  return path.resolve(process.env.SOCIAL_CARD_CACHE ?? "node_modules/.cache/social-cards");
}

/** Card sources this process wrote, and those it found written, for the build's summary. */
export const cardCounts = { written: 0, found: 0 };

/** A page's card as its head names it, and the files of dist/ that are the card. */
export interface NamedCard {
  image: ShareImage;
  /** The card's source, and its PNG when one was drawn into dist/ (npm run cards). */
  files: string[];
}

/**
 * Names the page's card and writes its source (unless dist/ has it: the same name is the same
 * text). Draws nothing.
 */
export function nameCard(card: CardSpec, store: CardStore): NamedCard {
  const logo = logoOf(store.distDir, card.logo);
  const key = cardKey(card, logo?.data);
  const source = cardSourceFile(store.distDir, key);
  if (existsSync(source)) cardCounts.found++;
  else {
    mkdirSync(path.dirname(source), { recursive: true });
    writeOutput(source, cardSourceText(card));
    cardCounts.written++;
  }
  const png = `social/${key}.png`;
  return {
    image: { url: `${store.canonicalBase}/${png}`, ...cardSize, alt: cardAlt(card), type: "image/png" },
    files: [`social/${key}.json`, ...(existsSync(path.join(store.distDir, png)) ? [png] : [])],
  };
}

/** The site's own card's address in dist/: what a static host shows while a page's card is not drawn. */
export const siteCardFile = "site-card.png";

/** The site's own card: its name, logo and host. */
export const siteCard = (facts: { name: string; logo: string; canonicalBase: string }): CardSpec => ({
  title: facts.name,
  brand: facts.name,
  logo: facts.logo,
  host: new URL(facts.canonicalBase).host,
});

/**
 * Draws the site's card into dist/ (site-card.png), from the card cache when it was drawn
 * before; returns the files written (none when dist/ had it already).
 */
export async function writeSiteCard(card: CardSpec, distDir: string, cacheDir = cardCacheDir()): Promise<string[]> {
  const logo = logoOf(distDir, card.logo);
  const cached = path.join(cacheDir, `${cardKey(card, logo?.data)}.png`);
  let png: Buffer;
  if (existsSync(cached)) png = readFileSync(cached);
  else {
    png = await drawCard(card, logo, cacheDir);
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, png);
    renameSync(temporary, cached);
  }
  const out = path.join(distDir, siteCardFile);
  if (existsSync(out) && readFileSync(out).equals(png)) return [];
  mkdirSync(path.dirname(out), { recursive: true });
  writeOutput(out, png);
  return [siteCardFile];
}
