/**
 * The compressed copies beside each compressible file of the build, so the server sends
 * compressed bytes without compressing on each request (src/relay/app.ts serves them).
 *
 * What gets which, chosen by measurement (`npm run bench -- --compression` prints the table for
 * the build at hand; the figures below are from a build of 10,000 treatment pages on the 2-core
 * machine this project is built on, CPU per file):
 *
 * - the code and styles (hashed names under assets/, a few hundred KB in all, downloaded on
 *   every first visit and cached for good, made again only when the code changes): brotli 11
 *   and gzip 9, the smallest either can make; kept in the build's cache by content, as the
 *   client build's files mostly come out the same (compressFileCached);
 * - pages and data files (tens of thousands on a large site, made again when their content
 *   changes): brotli 1 only. CPU per file on a 56 KB treatment page, and the size it makes:
 *   quality 1 0.17 ms 12.7 KB; 2 0.33 ms 12.0 KB; 3 0.37 ms 11.7 KB; 4 0.59 ms 11.1 KB;
 *   5 0.87 ms 10.5 KB; 11 62 ms 9.1 KB (gzip 1 0.37 ms 13.0 KB, gzip 6 0.75 ms 11.1 KB). In a
 *   build the figures are higher (a large heap, the renderer's garbage beside it): at 10,000
 *   treatments in three languages (30,000 pages) quality 2 took 28 s of the jobs' 118 s (summed
 *   over two workers), second only to rendering. Quality 1 halves that for 0.7 KB more per page, 0.5 % of a
 *   treatment page view (160 KB, mostly code compressed once at 11). Every browser in use asks for
 *   brotli (over HTTPS); a client that does not gets the page uncompressed. A gzip copy of each
 *   would cost another 0.4 ms and, above all, another file;
 * - pages themselves (.html, the bulk of those files): none. The relay compresses a page when
 *   it is first asked for and keeps it (src/relay/page-compression.ts, Brotli 5: 11.2 KB on a
 *   59 KB page against 14.2 KB at quality 0), nginx gzips it as it sends it, and static hosts
 *   compress on their own. A copy per page cost 0.2-0.4 ms of CPU (Brotli 0) and a second file
 *   written, tens of thousands of times a build, for pages of which few are read.
 *   Data files stay at 1: quality 0 saves them nothing (0.12 ms either way) and the sitemap
 *   would grow by a third;
 * - the built-in copies of the treatment data (assets/builtin/): none. They are only fetched when
 *   the data files cannot be, and each would add a file per treatment;
 * - anything else (the page shell, sitemap.xml, robots.txt, images): brotli 11 and gzip 9.
 *
 * Files under 512 bytes are sent as they are (compressing saves less than a packet), and so are
 * files over 8 MB (the whole collection at assets/data/{file}.json on a very large site: its
 * compression would cost seconds of every build, for the rare reader of that file; the site's
 * pages never fetch it).
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { writeOutput } from "./output-file";

const compressible = /\.(html|js|css|json|svg|xml|txt)$/;
/** Smaller files are not worth compressing. */
export const minCompressBytes = 512;
/** Larger files are served as they are (see above). */
export const maxCompressBytes = 8 * 1024 * 1024;

/** Compression levels of one kind of file; a missing level means no copy of that kind. */
export interface Levels {
  brotli?: number;
  gzip?: number;
}

/** For the hashed code and styles under assets/, and the few other files. */
export const assetLevels: Levels = { brotli: 11, gzip: 9 };
/** For data files, the search index and the sitemap. */
export const contentLevels: Levels = { brotli: 1 };
/** For pages: none (see above: the relay compresses them when asked). */
export const pageLevels: Levels = {};
/** For the built-in copies. */
const noCopies: Levels = {};

/** Whether a file (by name) may get compressed copies. */
export const isCompressible = (file: string) => compressible.test(file);

/** The levels for a file of the build, by its path relative to dist/. */
export function levelsFor(relative: string): Levels {
  const normal = relative.split(path.sep).join("/");
  if (normal.startsWith("assets/builtin/") || normal.startsWith(".vite/")) return noCopies;
  if (normal.endsWith(".html") && normal !== "shell.html" && normal !== "index.html") return pageLevels;
  // The sitemap grows with the site (1 MB at 10,000 pages: brotli 11 took 2.8 s of a build).
  if (normal.startsWith("assets/data/") || normal.startsWith("assets/search/") || /^sitemap(-\d+)?\.xml$/.test(normal))
    return contentLevels;
  return assetLevels;
}

/** Whether a file of the build (by its path relative to dist/) may get a compressed copy at all. */
export function getsCopies(relative: string): boolean {
  const levels = levelsFor(relative);
  return isCompressible(relative) && (levels.brotli !== undefined || levels.gzip !== undefined);
}

/** The brotli and gzip copies of `body`. */
export function compressBytes(body: Uint8Array, levels: Levels): { br?: Buffer; gz?: Buffer } {
  const br =
    levels.brotli === undefined
      ? undefined
      : brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
  return { br, gz: levels.gzip === undefined ? undefined : gzipSync(body, { level: levels.gzip }) };
}

/**
 * Writes the compressed copies of one file of dist/, whose content is `body`, and removes any it
 * should not have. Returns the copies written, relative to dist/. `fresh`: the file is new in
 * this folder, so it has no copies to remove (saves a look per copy).
 */
export function compressFile(distDir: string, relative: string, body: Uint8Array, fresh = false): string[] {
  const file = path.join(distDir, relative);
  const wanted = isCompressible(relative) && body.length >= minCompressBytes && body.length <= maxCompressBytes;
  const { br, gz } = wanted ? compressBytes(body, levelsFor(relative)) : {};
  const written: string[] = [];
  for (const [suffix, copy] of [
    [".br", br],
    [".gz", gz],
  ] as const) {
    if (copy) {
      writeOutput(`${file}${suffix}`, copy);
      written.push(`${relative}${suffix}`);
    } else if (!fresh && existsSync(`${file}${suffix}`)) rmSync(`${file}${suffix}`);
  }
  return written;
}

/**
 * compressFile for the client build's files, with their copies kept in `cacheDir` by content:
 * a full build makes the client build again, which at the same code gives the same files, and
 * their brotli 11 copies were 1.8 s of CPU of every full build (11.6 ms a file, 154 files). A
 * copy taken from the cache is the bytes compressing gives (brotli and gzip are deterministic
 * for the same input and levels; a test compares them). Each copy used is touched, so
 * pruneCompressCache keeps it.
 */
export interface CompressCache {
  dir: string;
  /** false: every copy is made, and kept. */
  read: boolean;
  /**
   * Each kept copy is decompressed and compared with the file before it is used, and made again
   * when it differs (`npm run build -- --force`, which trusts no cache, but the brotli 11 copies
   * it made again were 3.5 s of CPU of a 10,000-page build; checking one takes about 1 % of making it).
   */
  verify?: boolean;
}

/** Whether `copy` is a copy of `body`: it decompresses to the same bytes. */
function copyOf(copy: Buffer, suffix: "br" | "gz", body: Uint8Array): boolean {
  try {
    return (suffix === "br" ? brotliDecompressSync(copy) : gunzipSync(copy)).equals(body);
  } catch {
    return false;
  }
}

export function compressFileCached(
  distDir: string,
  relative: string,
  body: Uint8Array,
  cache: CompressCache,
): string[] {
  const levels = levelsFor(relative);
  const wanted = isCompressible(relative) && body.length >= minCompressBytes && body.length <= maxCompressBytes;
  if (!wanted) return compressFile(distDir, relative, body);
  const key = createHash("sha256")
    .update(`${levels.brotli ?? "-"}:${levels.gzip ?? "-"}:`)
    .update(body)
    .digest("hex");
  const copies = [
    ["br", levels.brotli],
    ["gz", levels.gzip],
  ] as const;
  const cached = (suffix: string) => path.join(cache.dir, `${key}.${suffix}`);
  const kept = cache.read ? keptCopies(copies, cached, cache.verify ? body : undefined) : undefined;
  const made = kept ? undefined : compressBytes(body, levels);
  if (made) mkdirSync(cache.dir, { recursive: true });
  const now = new Date();
  const written: string[] = [];
  for (const [suffix, level] of copies) {
    const copy = path.join(distDir, `${relative}.${suffix}`);
    if (level === undefined) {
      rmSync(copy, { force: true });
      continue;
    }
    const bytes = made ? (made[suffix] as Buffer) : (kept?.[suffix] as Buffer);
    writeOutput(copy, bytes);
    written.push(`${relative}.${suffix}`);
    if (!made) utimesSync(cached(suffix), now, now);
    else {
      // Written aside and renamed: a build reading the cache never sees half a copy.
      const aside = `${cached(suffix)}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(aside, bytes);
      renameSync(aside, cached(suffix));
    }
  }
  return written;
}

/**
 * The kept copies of a file, read; none when one is missing (or, given the file's `body`, when one
 * does not decompress to it).
 */
function keptCopies(
  copies: readonly (readonly ["br" | "gz", number | undefined])[],
  cached: (suffix: string) => string,
  body: Uint8Array | undefined,
): { br?: Buffer; gz?: Buffer } | undefined {
  const kept: { br?: Buffer; gz?: Buffer } = {};
  for (const [suffix, level] of copies) {
    if (level === undefined) continue;
    let copy: Buffer;
    try {
      copy = readFileSync(cached(suffix));
    } catch {
      return undefined;
    }
    if (body && !copyOf(copy, suffix, body)) return undefined;
    kept[suffix] = copy;
  }
  return kept;
}

/** Removes the cached copies no job used since `since` (a Date.now() reading): the client build's older files. */
export function pruneCompressCache(cacheDir: string, since: number) {
  if (!existsSync(cacheDir)) return;
  for (const name of readdirSync(cacheDir)) {
    const file = path.join(cacheDir, name);
    // A second's slack: some file systems keep modification times to the second.
    if (statSync(file).mtimeMs < since - 1000) rmSync(file, { force: true });
  }
}

/** Removes a file's compressed copies, if any. */
export function removeCompressed(file: string) {
  for (const copy of [`${file}.br`, `${file}.gz`]) if (existsSync(copy)) rmSync(copy);
}

/** Every compressible file under `dir`, relative to it. */
export function compressibleFiles(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...compressibleFiles(dir, relative));
    else if (isCompressible(entry.name)) found.push(relative);
  }
  return found;
}

/** Compresses every file of a folder in this thread (small builds, tests). */
export function compressDir(dir: string) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const relative of compressibleFiles(dir)) {
    const body = readFileSync(path.join(dir, relative));
    const written = compressFile(dir, relative, body);
    if (written.length === 0) continue;
    count++;
    before += body.length;
    const br = path.join(dir, `${relative}.br`);
    after += existsSync(br) ? statSync(br).size : body.length;
  }
  return { count, before, after };
}

/** `tsx scripts/compress.ts [dist]`: compresses a build in place (npm run build does it itself). */
export function main(argv: string[]) {
  const dir = path.resolve(argv[0] ?? "dist");
  const { count, before, after } = compressDir(dir);
  console.log(
    `Compressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with brotli.`,
  );
}

/** Writes a file of dist/ and its compressed copies, unless (incremental) it is already so. */
export function writeIfChanged(
  distDir: string,
  relative: string,
  text: string | Buffer,
  incremental: boolean,
): string[] {
  const file = path.join(distDir, relative);
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  if (incremental && existsSync(file) && readFileSync(file).equals(bytes)) return [];
  writeOutput(file, bytes);
  return [relative, ...(isCompressible(relative) ? compressFile(distDir, relative, bytes) : [])];
}
