/**
 * Social cards drawn when first asked for, and kept: the card the built site names `key` (its
 * source, <dist>/social/<key>.json, card-key.ts) is drawn once in a drawing thread
 * (card-threads.ts) and kept in a cache folder as <key>.png, where every later request, every
 * relay sharing the folder and `npm run cards` find it. A card's name is a hash of what it shows,
 * so a kept card is never out of date: a changed page names another card.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { cardKeyPattern, readCardSource, readLogo } from "./card-key";
import type { CardThreads } from "./card-threads";

/** Where a card's PNG came from: the built site, the cache, or drawn for this request. */
export type CardOrigin = "site" | "cache" | "drawn";

const readIfThere = (file: string) =>
  readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
    throw error;
  });

export interface CardFilesOptions {
  /** The built site: card sources (social/<key>.json), and PNGs drawn into it (npm run cards). */
  distDir: string;
  /** Where drawn cards are kept. */
  cacheDir: string;
  threads: CardThreads;
  /** Says that a drawn card could not be kept (a read-only folder): it is drawn again next time. */
  onUnkept?: (error: Error) => void;
}

/** The cards of a built site, drawn on first request and kept. */
export class CardFiles {
  private readonly drawing = new Map<string, Promise<{ png: Buffer; origin: CardOrigin } | undefined>>();

  constructor(private readonly options: CardFilesOptions) {}

  /**
   * The PNG of the card named `key`: the built site's own, the cache's, or drawn now (one draw
   * for any number of requests at once). None when `key` is no card's name or the built site
   * names no such card. Rejects with CardsBusyError when too many cards wait to be drawn.
   */
  async png(key: string): Promise<{ png: Buffer; origin: CardOrigin } | undefined> {
    if (!cardKeyPattern.test(key)) return undefined;
    const { distDir, cacheDir } = this.options;
    const own = await readIfThere(path.join(distDir, "social", `${key}.png`));
    if (own) return { png: own, origin: "site" };
    const kept = await readIfThere(path.join(cacheDir, `${key}.png`));
    if (kept) return { png: kept, origin: "cache" };
    let drawing = this.drawing.get(key);
    if (!drawing) {
      drawing = this.draw(key).finally(() => this.drawing.delete(key));
      this.drawing.set(key, drawing);
    }
    return drawing;
  }

  private async draw(key: string): Promise<{ png: Buffer; origin: CardOrigin } | undefined> {
    const { distDir, cacheDir, threads } = this.options;
    const card = readCardSource(distDir, key);
    if (!card) return undefined;
    const png = await threads.draw(card, readLogo(distDir, card.logo), cacheDir);
    try {
      await mkdir(cacheDir, { recursive: true });
      // Written aside and renamed: a reader (another relay, npm run cards) never sees half a card.
      const temporary = path.join(cacheDir, `${key}.png.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      await writeFile(temporary, png);
      await rename(temporary, path.join(cacheDir, `${key}.png`));
    } catch (error) {
      this.options.onUnkept?.(error instanceof Error ? error : new Error(String(error)));
    }
    return { png, origin: "drawn" };
  }
}
