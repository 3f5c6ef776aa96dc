/**
 * What a build leaves for the next one: the hashes of its inputs and the hash of every piece of
 * output it made (the validator's results per file are the config check's: check-config.ts). Kept in node_modules/.cache/site-build/,
 * one folder per checkout: a fresh clone has none, `--force` does not read it, and a dist/ that
 * is not the one the last build left (deleted, or rebuilt by something else) is not trusted.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { CatalogEntry } from "./catalog";
import type { FileStamp } from "./inputs";
import type { KeptPageCards } from "./page-cards";
import type { DepHashTable } from "./plan/deps";
import type { JobHashes } from "./plan/job-hashes";
import type { WholeLayout } from "./whole-file";

/** Bumped whenever the state's shape or meaning changes, so an older state is not read. */
const stateVersion = 9;

export interface BuildState {
  version: number;
  /** The hash of the code and of the config bundled with it. */
  codeKey: string;
  /** Each code and bundled-config file's hash, to say which changed. */
  code: Record<string, string>;
  /** Every input file's size, time and hash. */
  stamps: Record<string, FileStamp>;
  catalog: Record<string, CatalogEntry>;
  /** The hash of each thing a job is made of, by its fields (plan/deps.ts). */
  deps: DepHashTable;
  /** Each job's hash: its output is made again when the hash changes. */
  jobs: JobHashes;
  /** Where each treatment lies in each collection's whole data file (whole-file.ts). */
  wholes?: Record<string, WholeLayout>;
  /** The files of the languages' fonts this build linked (a later build removes those it no longer links). */
  languageFonts?: string[];
  /** Each page's social card, relative to dist/ (pages without one are not listed). */
  pageCards?: KeptPageCards;
  /** The key of what the sitemap files were made of (sitemap.ts's writeSitemaps). */
  sitemap?: string;
  /** The fingerprint of dist/ as this build left it. */
  dist: string;
}

/** The cache folder of the checkout at `root`. */
export function cacheDir(root: string): string {
  const id = createHash("sha1").update(path.resolve(root)).digest("hex").slice(0, 10);
  return path.join(root, "node_modules", ".cache", "site-build", `${path.basename(root)}-${id}`);
}

/** The files whose size and time tell whether dist/ is the one a build left. */
const distMarks = ["shell.html", ".vite/manifest.json", "sitemap.xml", "robots.txt"];

/** A fingerprint of dist/: changes when it is deleted, emptied or rebuilt by another program. */
export function distFingerprint(distDir: string): string {
  return distMarks
    .map((mark) => {
      const file = path.join(distDir, mark);
      if (!existsSync(file)) return `${mark}:-`;
      const stat = statSync(file);
      return `${mark}:${stat.size}:${stat.mtimeMs}`;
    })
    .join("|");
}

/**
 * The state's file. V8's serialisation, not JSON: at 10,000 treatments the state is 35 MB, and
 * reading and writing it took 0.8 s as JSON against 0.45 s (measured on this project's machine),
 * a quarter of a one-treatment rebuild.
 */
export const stateFile = (dir: string) => path.join(dir, "state.v8");

/** The last build's state, or undefined (none, unreadable, of another version). */
export function readState(dir: string): BuildState | undefined {
  try {
    const state = deserialize(readFileSync(stateFile(dir))) as BuildState;
    return state.version === stateVersion ? state : undefined;
  } catch {
    return undefined;
  }
}

export function writeState(dir: string, state: Omit<BuildState, "version">) {
  mkdirSync(dir, { recursive: true });
  const file = stateFile(dir);
  writeFileSync(`${file}.tmp`, serialize({ version: stateVersion, ...state }));
  renameSync(`${file}.tmp`, file);
}
