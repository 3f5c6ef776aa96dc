/**
 * A social card's name and its source: the build names each page's card by a hash of everything
 * it shows and how it is drawn (its words, the logo's bytes, the fonts, the design), and writes
 * what to draw beside the name, as <dist>/social/<key>.json. Whatever draws cards (the relay on a
 * card's first request, `npm run cards` for a static host) draws only what such a file says,
 * never words from an address.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cardDesign, cardFontFiles } from "./card";
import type { CardSpec } from "./card-spec";
import { scriptFontOf } from "./script-text";

const require = createRequire(import.meta.url);

/** A card's name: 16 hexadecimal digits (a card's address is /social/<key>.png). */
export const cardKeyPattern = /^[0-9a-f]{16}$/;

/** The logo a card shows: its bytes and type. */
export interface Logo {
  data: Buffer;
  type: string;
}

const logoTypes: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/**
 * The logo at `src` (an address such as /images/logo.svg) in the built site; none when it is
 * missing, of another type, or outside the built site.
 */
export function readLogo(distDir: string, src: string): Logo | undefined {
  const file = path.join(distDir, src);
  const type = logoTypes[path.extname(src).toLowerCase()];
  if (!type || path.relative(distDir, file).startsWith("..") || !existsSync(file)) return undefined;
  return { data: readFileSync(file), type };
}

const logos = new Map<string, Logo | undefined>();

/** `readLogo`, read once per process (a build's pages all name the same logo). */
export function logoOf(distDir: string, src: string): Logo | undefined {
  const file = path.join(distDir, src);
  if (!logos.has(file)) logos.set(file, readLogo(distDir, src));
  return logos.get(file);
}

/** Each font file's hash, read once per process. */
const fontHashes = new Map<string, Buffer>();
const fontHash = (file: string) => {
  let hash = fontHashes.get(file);
  if (!hash) {
    hash = createHash("sha256").update(readFileSync(file)).digest();
    fontHashes.set(file, hash);
  }
  return hash;
};

let latinFontsHash: string | undefined;

/** Font files resolved so far, by package path: a build names a card for each of thousands of pages. */
const resolvedFonts = new Map<string, string>();
const resolveFont = (file: string) => {
  let resolved = resolvedFonts.get(file);
  if (!resolved) {
    resolved = require.resolve(file);
    resolvedFonts.set(file, resolved);
  }
  return resolved;
};

/** The script fonts a card's texts are drawn with (script-text.ts), by their files. */
function scriptFontFiles(card: CardSpec): string[] {
  const fonts = new Set([card.title, card.kicker, card.brand].map((text) => (text ? scriptFontOf(text) : undefined)));
  return [...fonts].flatMap((font) => (font ? [resolveFont(font.file), resolveFont(font.latinFile)] : []));
}

/** The card's name: a hash of all it shows and how it is drawn. */
export function cardKey(card: CardSpec, logo: Buffer | undefined): string {
  latinFontsHash ??= createHash("sha256")
    .update(Buffer.concat(cardFontFiles().map((f) => readFileSync(f))))
    .digest("hex");
  const key = createHash("sha256")
    .update(JSON.stringify([cardDesign, latinFontsHash, card]))
    .update(logo ?? "");
  // A Telugu or Devanagari card depends on its script's font too (an English card's key is as
  // before). The font's hash stands for its bytes: read once, not once per card.
  for (const file of scriptFontFiles(card)) key.update(fontHash(file));
  return key.digest("hex").slice(0, 16);
}

/** What <dist>/social/<key>.json holds: the card to draw, and the design it was named for. */
export interface CardSource {
  design: string;
  card: CardSpec;
}

/** The source file of the card named `key` in the built site. */
export const cardSourceFile = (distDir: string, key: string) => path.join(distDir, "social", `${key}.json`);

/** The source file's text for `card` (the same card, the same bytes). */
export const cardSourceText = (card: CardSpec) => `${JSON.stringify({ design: cardDesign, card })}\n`;

/**
 * The card the built site names `key`, as the build wrote it; none when `key` is not a card's
 * name or the build named no such card (an address nobody was given).
 */
export function readCardSource(distDir: string, key: string): CardSpec | undefined {
  if (!cardKeyPattern.test(key)) return undefined;
  let source: Partial<CardSource>;
  try {
    source = JSON.parse(readFileSync(cardSourceFile(distDir, key), "utf8")) as Partial<CardSource>;
  } catch {
    return undefined;
  }
  const card = source.card;
  const text = (value: unknown) => typeof value === "string";
  if (!card || ![card.title, card.brand, card.logo, card.host].every(text)) return undefined;
  if (card.kicker !== undefined && !text(card.kicker)) return undefined;
  return { title: card.title, kicker: card.kicker, brand: card.brand, logo: card.logo, host: card.host };
}
