/**
 * `npm run cards`: draws the link preview cards of a built site for a host without a relay (a
 * static host, nginx alone). The build names each page's card and writes its source
 * (dist/social/<key>.json, cards.ts) but draws none; this draws every card dist/ names and does
 * not have yet, in threads (src/shared/social/card-threads.ts), keeps each in the card cache
 * (SOCIAL_CARD_CACHE; a card drawn once, here or by a relay on this machine, is never drawn
 * again) and puts its PNG beside its source. Run it after `npm run build`, before publishing, or
 * after publishing while the host shows the site's own card (site-card.png) for the cards not
 * drawn yet (docs/deploy.md).
 *
 * Usage: npm run cards [-- --dist dist] [--threads N]
 */
import { existsSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CardFiles } from "../../shared/social/card-files";
import { CardThreads } from "../../shared/social/card-threads";
import { cardCacheDir } from "./cards";

export interface DrawnCards {
  /** Cards drawn now. */
  drawn: number;
  /** Cards the cache had, copied into dist/. */
  fromCache: number;
  /** Cards dist/ had already. */
  present: number;
  seconds: number;
}

/** Draws every card `distDir` names and has no PNG of, into the cache and beside its source. */
export async function drawMissingCards(options: {
  distDir: string;
  cacheDir: string;
  threads: number;
}): Promise<DrawnCards> {
  const started = performance.now();
  const dir = path.join(options.distDir, "social");
  const keys = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /^[0-9a-f]{16}\.json$/.test(name))
        .map((name) => name.slice(0, -".json".length))
    : [];
  const missing = keys.filter((key) => !existsSync(path.join(dir, `${key}.png`)));
  const threads = new CardThreads({ threads: options.threads, queue: missing.length });
  const cards = new CardFiles({ distDir: options.distDir, cacheDir: options.cacheDir, threads });
  const counts = { drawn: 0, fromCache: 0 };
  try {
    // A few more cards under way than threads, so no thread waits for the next.
    let next = 0;
    const run = async () => {
      while (next < missing.length) {
        const key = missing[next++];
        const found = await cards.png(key);
        if (!found) continue;
        if (found.origin === "drawn") counts.drawn++;
        else counts.fromCache++;
        // Written aside and renamed: a host serving dist/ meanwhile never sends half a card.
        const file = path.join(dir, `${key}.png`);
        writeFileSync(`${file}.tmp`, found.png);
        renameSync(`${file}.tmp`, file);
      }
    };
    await Promise.all(Array.from({ length: options.threads * 2 }, run));
  } finally {
    await threads.close();
  }
  return { ...counts, present: keys.length - missing.length, seconds: (performance.now() - started) / 1000 };
}

/** `npm run cards [-- --dist dist] [--threads N]`. */
export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { dist: { type: "string", default: "dist" }, threads: { type: "string" } },
  });
  const distDir = path.resolve(values.dist);
  if (!existsSync(path.join(distDir, "social"))) {
    console.error(`cards: ${distDir} has no social/ folder. Run npm run build first.`);
    process.exitCode = 1;
    return;
  }
  const threads = values.threads ? Number(values.threads) : os.availableParallelism();
  if (!Number.isInteger(threads) || threads < 1) {
    console.error(`cards: --threads '${values.threads}' must be a whole number of at least 1.`);
    process.exitCode = 1;
    return;
  }
  const done = await drawMissingCards({ distDir, cacheDir: cardCacheDir(), threads });
  console.log(
    `Social cards: ${done.drawn.toLocaleString("en")} drawn, ${done.fromCache.toLocaleString("en")} from the cache, ${done.present.toLocaleString("en")} in ${path.relative(process.cwd(), distDir) || "."}/social/ already (${done.seconds.toFixed(1)} s, ${threads} ${threads === 1 ? "thread" : "threads"}).`,
  );
}
