/**
 * The client build's compressed copies, kept between builds by content (src/build/compress.ts):
 * a copy taken from the cache must be, byte for byte, what compressing the file gives.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compressBytes, compressFileCached, levelsFor, pruneCompressCache } from "../../src/build/compress";

let dir: string;
let dist: string;
let cache: string;
const file = "assets/app-Abc12345.js";
const body = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = ${JSON.stringify(`text ${i % 7}`)};`).join("\n"),
);

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "compress-cache-"));
  dist = path.join(dir, "dist");
  cache = path.join(dir, "cache");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, file), body);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const copies = () => ({
  br: readFileSync(path.join(dist, `${file}.br`)),
  gz: readFileSync(path.join(dist, `${file}.gz`)),
});

describe("compressed copies kept by content", () => {
  it("writes the copies compressing gives, from the cache as when made", () => {
    const fresh = compressBytes(body, levelsFor(file));
    expect(compressFileCached(dist, file, body, { dir: cache, read: true })).toEqual([`${file}.br`, `${file}.gz`]);
    expect(copies()).toEqual(fresh);
    expect(readdirSync(cache)).toHaveLength(2);
    rmSync(path.join(dist, `${file}.br`));
    rmSync(path.join(dist, `${file}.gz`));
    expect(compressFileCached(dist, file, body, { dir: cache, read: true })).toEqual([`${file}.br`, `${file}.gz`]);
    expect(copies()).toEqual(fresh);
  });

  it("finds a copy by the file's content, and makes every copy again when asked not to read the cache (--force)", () => {
    compressFileCached(dist, file, body, { dir: cache, read: true });
    // Spoil the kept copies: a build that reads them writes what they hold.
    for (const name of readdirSync(cache)) writeFileSync(path.join(cache, name), "spoilt");
    compressFileCached(dist, file, body, { dir: cache, read: true });
    expect(copies().br.toString()).toBe("spoilt");
    // Other content is another key: compressed, not taken from the spoilt copies.
    const other = Buffer.concat([body, Buffer.from("\nexport const more = 1;")]);
    compressFileCached(dist, file, other, { dir: cache, read: true });
    expect(copies()).toEqual(compressBytes(other, levelsFor(file)));
    // --force: compressed again, and the kept copies made good.
    compressFileCached(dist, file, body, { dir: cache, read: false });
    expect(copies()).toEqual(compressBytes(body, levelsFor(file)));
    compressFileCached(dist, file, body, { dir: cache, read: true });
    expect(copies()).toEqual(compressBytes(body, levelsFor(file)));
  });

  it("checks each kept copy against its file when asked to (--force), and makes a spoilt one again", () => {
    compressFileCached(dist, file, body, { dir: cache, read: true });
    const good = copies();
    const kept = readdirSync(cache).map((name) => path.join(cache, name));
    const brCopy = kept.find((name) => name.endsWith(".br")) as string;
    // A copy that decompresses to other bytes: not used, made again, and kept good.
    writeFileSync(brCopy, compressBytes(Buffer.from("other bytes"), levelsFor(file)).br as Buffer);
    compressFileCached(dist, file, body, { dir: cache, read: true, verify: true });
    expect(copies()).toEqual(good);
    expect(readFileSync(brCopy)).toEqual(good.br);
    // Bytes that are no brotli at all: the same.
    writeFileSync(brCopy, "spoilt");
    compressFileCached(dist, file, body, { dir: cache, read: true, verify: true });
    expect(copies()).toEqual(good);
    // A kept copy that decompresses to the file is used, not made again (gzip 1 here: not what gzip 9 makes).
    const gzCopy = kept.find((name) => name.endsWith(".gz")) as string;
    const quick = gzipSync(body, { level: 1 });
    writeFileSync(gzCopy, quick);
    compressFileCached(dist, file, body, { dir: cache, read: true, verify: true });
    expect(copies()).toEqual({ br: good.br, gz: quick });
  });

  it("prunes the copies no build used since it started, and keeps those it used", () => {
    compressFileCached(dist, file, body, { dir: cache, read: true });
    const old = new Date(Date.now() - 60_000);
    for (const name of readdirSync(cache)) utimesSync(path.join(cache, name), old, old);
    const other = Buffer.concat([body, Buffer.from("\nexport const more = 1;")]);
    compressFileCached(dist, "assets/other-Def67890.js", other, { dir: cache, read: true });
    const started = Date.now() - 30_000;
    // Used again by this build: touched, so kept.
    compressFileCached(dist, file, body, { dir: cache, read: true });
    pruneCompressCache(cache, started);
    expect(readdirSync(cache)).toHaveLength(4);
    pruneCompressCache(cache, Date.now() + 120_000);
    expect(readdirSync(cache)).toHaveLength(0);
    expect(existsSync(path.join(dist, `${file}.br`))).toBe(true);
  });
});
