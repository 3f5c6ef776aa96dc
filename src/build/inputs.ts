/**
 * What a build is made from, and whether it changed since the last build. Each input file is
 * known by its content hash; a file whose size and modification time are what they were is taken
 * to have the hash it had (as git's index does), so an unchanged file is not read again.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** What the last build knew of a file. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  hash: string;
}

export const hashOf = (content: string | Uint8Array) => createHash("sha1").update(content).digest("hex");

/**
 * Hashes of strings, in order, as one hash: each part followed by a NUL. Given to the hash as one
 * string (the same bytes, the same hash as part by part): a build hashes every one of its 40,000
 * pieces' parts, and two calls into the hash per part were most of its planning.
 */
export function hashAll(parts: readonly string[]): string {
  return createHash("sha1")
    .update(parts.length === 0 ? "" : `${parts.join("\0")}\0`)
    .digest("hex");
}

/** Reads files' hashes, reusing the last build's where a file's size and time are unchanged. */
export class InputScanner {
  /** The stamps of every file looked at in this build, by path relative to the root. */
  readonly stamps: Record<string, FileStamp> = {};
  /** Files whose content was read in this build (changed, new, or not known before). */
  readonly read = new Set<string>();

  constructor(
    readonly root: string,
    /** The last build's stamps, by path relative to the root. */
    readonly previous: Record<string, FileStamp>,
  ) {}

  /** The hash of a file (relative to the root); `content` gets its bytes when it had to be read. */
  hash(relative: string, content?: (bytes: Buffer) => void): string {
    // A file this build already looked at keeps that look: the validator stamps every config
    // file, then the catalog asks for 10,000 treatments' hashes again (a second stat of each).
    const seen = content ? undefined : this.stamps[relative];
    if (seen) return seen.hash;
    const file = path.join(this.root, relative);
    const stat = statSync(file);
    const known = this.previous[relative];
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && !content) {
      this.stamps[relative] = known;
      return known.hash;
    }
    const bytes = readFileSync(file);
    content?.(bytes);
    const stamp = { size: stat.size, mtimeMs: stat.mtimeMs, hash: hashOf(bytes) };
    this.stamps[relative] = stamp;
    if (known?.hash !== stamp.hash) this.read.add(relative);
    return stamp.hash;
  }

  /** Whether a file's hash is what the last build knew (false for a file it did not know). */
  unchanged(relative: string): boolean {
    return this.previous[relative]?.hash === this.stamps[relative]?.hash;
  }

  /** The last build's stamp of a file. */
  before(relative: string): FileStamp | undefined {
    return this.previous[relative];
  }
}

/**
 * Every file under `dir` (relative to `root`), sorted, skipping hidden files and folders, and the
 * folders `enter` turns down (given their path relative to `root`).
 */
export function filesUnder(
  root: string,
  dir: string,
  accept: (name: string) => boolean = () => true,
  enter: (relative: string) => boolean = () => true,
): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (enter(child)) walk(child);
      } else if (accept(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found;
}
