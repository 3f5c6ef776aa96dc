/**
 * Pages compressed when asked (issue 28). npm run build writes no compressed copy beside its
 * pages: at 10,000 treatments that was 31,000 Brotli copies (quality 0, 0.2-0.4 ms of CPU and a
 * second file written per page), for pages of which a handful are read. The relay compresses a page the first time a browser
 * asks for it, Brotli quality 5 (smaller than the build's copies were, at quality 0: 11.2 against
 * 14.2 KB on a 59 KB treatment page, 1-2 ms of CPU once), and keeps the result, by the file's
 * path and ETag (its size and modification time), until the page changes or newer pages push it out.
 *
 * Only a page that has no copy at all: a page with a stale copy beside it (edited after the build)
 * is sent whole, as issue 17 decided (precompressed.ts), and any other file keeps its copies.
 */
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller pages are sent as they are: compressing saves less than a packet (as src/build/compress.ts). */
const minBytes = 512;
/** Compressed pages kept, in bytes (about 6,000 treatment pages). */
const keptBytes = 64 * 1024 * 1024;

type PageEncoding = "br" | "gzip";

/**
 * The encoding to compress a page in for a client's Accept-Encoding: Brotli when it takes it,
 * else gzip, else none. An encoding with weight 0 is refused.
 */
export function pageEncoding(header: string | undefined): PageEncoding | undefined {
  const taken = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  if (taken.has("br")) return "br";
  if (taken.has("gzip") || taken.has("*")) return "gzip";
  return undefined;
}

/** Compressed pages by path, modification time, size and encoding, the least recently sent first out. */
export class CompressedPages {
  private readonly kept = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly limit = keptBytes) {}

  /** `body` (the file at `file` as its ETag names it) compressed in `encoding`, made once. */
  get(file: string, etag: string, encoding: PageEncoding, body: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${encoding}\u0000${etag}\u0000${file}`;
    const found = this.kept.get(key);
    if (found) {
      // Sent again: last out.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const made = body().then((bytes) =>
      encoding === "br"
        ? brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          })
        : gzipped(bytes, { level: 6 }),
    );
    this.kept.set(key, made);
    made.then(
      (bytes) => {
        if (this.kept.get(key) !== made) return;
        this.sizes.set(key, bytes.length);
        this.bytes += bytes.length;
        this.trim();
      },
      () => this.kept.delete(key),
    );
    return made;
  }

  private trim() {
    for (const key of this.kept.keys()) {
      if (this.bytes <= this.limit) return;
      this.kept.delete(key);
      this.bytes -= this.sizes.get(key) ?? 0;
      this.sizes.delete(key);
    }
  }
}

/** What the request hook found out about a page to compress. */
const pageToCompress = new WeakMap<FastifyRequest, { file: string; encoding: PageEncoding }>();

/**
 * Marks a request for a page with no compressed copy (`file`) to be compressed when sent. Every
 * answer for such a page says it varies by Accept-Encoding, the whole one too: a shared cache that
 * kept a whole answer without it would send it to browsers that take Brotli.
 */
export function compressWhenSent(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  acceptEncoding: string | undefined,
) {
  if (!file.endsWith(".html")) return;
  reply.header("Vary", "Accept-Encoding");
  const encoding = pageEncoding(acceptEncoding);
  if (encoding && request.method === "GET") pageToCompress.set(request, { file, encoding });
}

/**
 * Compresses the pages marked by compressWhenSent as @fastify/static sends them whole (status
 * 200; a 304 or a range is left alone), keeping its ETag, Last-Modified and Cache-Control.
 */
export function registerPageCompression(app: FastifyInstance, pages = new CompressedPages()) {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const page = pageToCompress.get(request);
    if (!page || reply.statusCode !== 200 || reply.hasHeader("content-encoding")) return payload;
    // @fastify/static's ETag names the size and modification time of the bytes it streams (the
    // same look at the file): the key of what is kept.
    const etag = reply.getHeader("etag");
    const size = Number(reply.getHeader("content-length"));
    if (typeof etag !== "string" || !(size >= minBytes)) return payload;
    const stream = payload as Readable;
    const compressed = await pages.get(page.file, etag, page.encoding, async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    stream.destroy?.();
    reply.header("Content-Encoding", page.encoding);
    reply.header("Content-Length", compressed.length);
    reply.header("Vary", "Accept-Encoding");
    return compressed;
  });
}
