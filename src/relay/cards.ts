/**
 * Link preview cards, drawn on their first request (a Fastify plugin). The build names each
 * page's card /social/<key>.png and writes what it shows beside it (dist/social/<key>.json,
 * src/shared/social/card-key.ts) but draws none: drawing 10,000 cards would be most of a first
 * build. Here a card is drawn when first asked for, in a thread of its own (never on the thread
 * that takes leads), at most `threads` at once with `queue` more waiting, and kept in `cacheDir`;
 * later requests are answered from there. A card's name is a hash of what it shows, so its
 * answer is cached for a year (`immutable`). Only cards the built site names are drawn: any
 * other name is a 404, and the address's own words are never drawn.
 */
import type { FastifyPluginAsync } from "fastify";
import { CardFiles } from "../shared/social/card-files";
import { CardsBusyError, CardThreads } from "../shared/social/card-threads";
import type { Logger } from "./logger";

export interface CardRouteOptions {
  distDir: string;
  /** Where drawn cards are kept (shared with the build and `npm run cards` on one machine). */
  cacheDir: string;
  /** Cards drawn at once. */
  threads: number;
  /** Cards waiting to be drawn at most; more are answered 503. */
  queue: number;
  log: Logger;
}

const immutable = "public, max-age=31536000, immutable";

/** Registers GET /social/<key>.png. */
export const cardRoutes: FastifyPluginAsync<CardRouteOptions> = async (app, options) => {
  const threads = new CardThreads({ threads: options.threads, queue: options.queue });
  let warned = false;
  const cards = new CardFiles({
    distDir: options.distDir,
    cacheDir: options.cacheDir,
    threads,
    onUnkept: (error) => {
      if (warned) return;
      warned = true;
      options.log.warn(
        { cacheDir: options.cacheDir, err: error.message },
        "Could not keep a drawn link preview card: each card is drawn again on every request. Make SOCIAL_CARD_CACHE a folder the relay can write.",
      );
    },
  });
  app.addHook("onClose", () => threads.close());
  // The key is 16 hexadecimal digits, nothing else reaches the handler: no path, no dot, no slash.
  app.get<{ Params: { key: string } }>("/social/:key(^[0-9a-f]{16}).png", async (request, reply) => {
    const { key } = request.params;
    const etag = `"${key}"`;
    if (request.headers["if-none-match"] === etag)
      return reply.code(304).headers({ ETag: etag, "Cache-Control": immutable }).send();
    let found: Awaited<ReturnType<CardFiles["png"]>>;
    try {
      found = await cards.png(key);
    } catch (error) {
      if (error instanceof CardsBusyError)
        return reply
          .code(503)
          .headers({ "Retry-After": "5", "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" })
          .send(error.message);
      options.log.error({ key, err: error instanceof Error ? error.message : String(error) }, "Could not draw a card");
      return reply
        .code(500)
        .headers({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" })
        .send("The card could not be drawn.");
    }
    if (!found)
      return reply
        .code(404)
        .headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" })
        .send("Not found.");
    if (found.origin === "drawn") options.log.debug({ key }, "Drew a link preview card");
    return reply.headers({ "Content-Type": "image/png", "Cache-Control": immutable, ETag: etag }).send(found.png);
  });
};
