/**
 * The .br and .gz copies beside each compressible file of the build, so the server sends
 * compressed bytes without compressing on each request (src/relay/app.ts serves them).
 *
 * Levels, chosen by measurement (`npm run bench -- --compression` prints the table on the build
 * at hand). On this project's pages and data, brotli's quality 11 costs about 60-90 times the CPU of
 * quality 4-5 for 12-18 % fewer bytes; gzip above level 1 saves a few per cent for twice the time:
 *
 * - the code and styles (hashed file names, the same for every page view and cached by browsers
 *   for good, a few hundred KB in all, made again only when the code changes): brotli 11, gzip 9;
 * - pages and data (tens of thousands of files on a large site, made again when their content
 *   changes): brotli 5 and gzip 1. Brotli is what browsers ask for; gzip is for the few that do not.
 *
 * Files under 512 bytes are sent as they are (compressing saves less than a packet), and so are
 * files over 8 MB (the whole collection at assets/data/{file}.json on a very large site: its
 * compression would cost seconds of every build, for the rare reader of that file; the site's
 * pages never fetch it).
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(html|js|css|json|svg|xml|txt)$/;
/** Smaller files are not worth compressing. */
export const minCompressBytes = 512;
/** Larger files are served as they are (see above). */
export const maxCompressBytes = 8 * 1024 * 1024;

/** Compression levels of one kind of file. */
export interface Levels {
  brotli: number;
  gzip: number;
}

/** For the hashed code and styles under assets/. */
export const assetLevels: Levels = { brotli: 11, gzip: 9 };
/** For pages, data and everything else. */
export const contentLevels: Levels = { brotli: 5, gzip: 1 };

/** Whether a file (by name) gets compressed copies. */
export const isCompressible = (file: string) => compressible.test(file);

/** The levels for a file of the build, by its path relative to dist/. */
export function levelsFor(relative: string): Levels {
  const normal = relative.split(path.sep).join("/");
  return /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(js|css)$/.test(normal) ? assetLevels : contentLevels;
}

/** The brotli and gzip copies of `body`. */
export function compressBytes(body: Uint8Array, levels: Levels): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  return { br, gz: gzipSync(body, { level: levels.gzip }) };
}

/**
 * Writes (or removes) the compressed copies of one file of dist/, whose content is `body`.
 * Returns the files written, relative to dist/.
 */
export function compressFile(distDir: string, relative: string, body: Uint8Array): string[] {
  const file = path.join(distDir, relative);
  if (!isCompressible(relative) || body.length < minCompressBytes || body.length > maxCompressBytes) {
    removeCompressed(file);
    return [];
  }
  const { br, gz } = compressBytes(body, levelsFor(relative));
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  return [`${relative}.br`, `${relative}.gz`];
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
    after += statSync(path.join(dir, `${relative}.br`)).size;
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
