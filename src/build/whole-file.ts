/**
 * The whole collection as one data file (the spec's `assets/data/{file}.json`, published only
 * where site.json's `wholeCollectionFiles` asks for it), made of the
 * treatments' own data files: each is its collection cut down to one treatment, so a treatment's
 * JSON is the text between the parts every such file shares, and the whole file is those texts
 * joined. At 10,000 treatments that is 120 MB from 10,000 files; an incremental build takes the
 * unchanged treatments' texts from the last whole file instead (where each one lies is kept in
 * the build state), and reads only the data files it just made again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { dataPaths, withoutTranslated } from "../shared/collections/data-files";
import type { CatalogEntry } from "./catalog";
import { compressFile, isCompressible, maxCompressBytes, removeCompressed } from "./compress";
import type { JobKey } from "./keys";
import { writeOutput, writeOutputParts } from "./output-file";

/** Where each treatment's text lies in a whole file: slugs in order, and their lengths in bytes. */
export interface WholeLayout {
  slugs: string[];
  lengths: number[];
}

export interface WholeOptions {
  /** dist/ holds the last build's files, and `before` says where their treatments lie. */
  incremental: boolean;
  before?: WholeLayout;
  /** Treatments whose data files this build made again (their texts are read from them). */
  remade: ReadonlySet<string>;
}

/** Writes the whole file of `entry` (and its compressed copies); returns what it wrote and its layout. */
export function writeWhole(
  distDir: string,
  entry: CatalogEntry,
  { incremental, before, remade }: WholeOptions,
): { written: string[]; layout: WholeLayout } {
  const head = JSON.stringify({ speciality: entry.speciality, location: entry.location, sub_departments: [] });
  const open = Buffer.from(head.slice(0, -2));
  const relative = dataPaths.whole(entry.dataFile);
  const file = path.join(distDir, relative);
  const last = incremental && before ? lastTexts(file, open, before) : undefined;
  const texts = entry.items.map((item) => {
    const kept = remade.has(item.slug) ? undefined : last?.get(item.slug);
    return kept ?? treatmentText(distDir, entry.dataFile, item.slug, open);
  });
  const comma = Buffer.from(",");
  const parts: Buffer[] = [open];
  texts.forEach((text, i) => {
    if (i > 0) parts.push(comma);
    parts.push(text);
  });
  parts.push(Buffer.from("]}"));
  const layout = { slugs: entry.items.map((i) => i.slug), lengths: texts.map((t) => t.length) };
  const size = parts.reduce((n, part) => n + part.length, 0);
  // Too large to compress (compress.ts): written as it is, and only when it changed. With the last
  // file's layout at hand it did (the build runs this when a treatment's hash changed).
  if (size > maxCompressBytes) {
    if (!last && incremental && sameAsOnDisk(file, Buffer.concat(parts))) return { written: [], layout };
    writeOutputParts(file, parts);
    removeCompressed(file);
    return { written: [relative], layout };
  }
  const bytes = Buffer.concat(parts);
  if (incremental && sameAsOnDisk(file, bytes)) return { written: [], layout };
  writeOutput(file, bytes);
  return { written: [relative, ...(isCompressible(relative) ? compressFile(distDir, relative, bytes) : [])], layout };
}

/**
 * Writes the whole files of the collections whose whole file is among the `stale` pieces, reading
 * the treatments' data files made again among them; the others keep the last build's layout.
 * Returns what it wrote and each collection's layout.
 */
export function writeWholes(
  distDir: string,
  entries: Record<string, CatalogEntry>,
  stale: readonly { key: JobKey }[],
  incremental: boolean,
  before: Record<string, WholeLayout> = {},
): { written: string[]; layouts: Record<string, WholeLayout> } {
  const remade = new Map<string, Set<string>>();
  const wholes = new Set<string>();
  for (const { key } of stale) {
    if (key.kind === "treatment-data") remade.set(key.dataFile, (remade.get(key.dataFile) ?? new Set()).add(key.slug));
    if (key.kind === "whole-data") wholes.add(key.dataFile);
  }
  const written: string[] = [];
  const layouts: Record<string, WholeLayout> = {};
  for (const entry of Object.values(entries)) {
    const file = entry.dataFile;
    if (!wholes.has(file)) {
      if (before[file]) layouts[file] = before[file];
      continue;
    }
    const whole = writeWhole(distDir, entry, {
      incremental,
      before: before[file],
      remade: remade.get(file) ?? new Set(),
    });
    layouts[file] = whole.layout;
    written.push(...whole.written);
  }
  return { written, layouts };
}

/**
 * A treatment's JSON, from its own data file: as the spec's file holds it, without the languages
 * of its translations (the data file's last field, when it has translations).
 */
function treatmentText(distDir: string, dataFile: string, slug: string, open: Buffer): Buffer {
  const relative = dataPaths.treatment(dataFile, slug);
  const read = readFileSync(path.join(distDir, relative));
  const text = read.toString("latin1", Math.max(0, read.length - 200));
  const bytes = text.includes('"translated":[') ? Buffer.from(withoutTranslated(read.toString("utf8"))) : read;
  const close = bytes.length - 2;
  if (!bytes.subarray(0, open.length).equals(open) || bytes.toString("latin1", close) !== "]}")
    throw new Error(`${relative} is not the data file the build makes.`);
  return bytes.subarray(open.length, close);
}

/** The treatments' texts in the last whole file, or undefined when it is not as `layout` says. */
function lastTexts(file: string, open: Buffer, layout: WholeLayout): Map<string, Buffer> | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const expected =
    open.length + layout.lengths.reduce((sum, n) => sum + n, 0) + Math.max(0, layout.lengths.length - 1) + 2;
  if (bytes.length !== expected || !bytes.subarray(0, open.length).equals(open)) return undefined;
  const texts = new Map<string, Buffer>();
  let at = open.length;
  layout.slugs.forEach((slug, i) => {
    texts.set(slug, bytes.subarray(at, at + layout.lengths[i]));
    at += layout.lengths[i] + 1;
  });
  return texts;
}

function sameAsOnDisk(file: string, bytes: Buffer): boolean {
  try {
    return readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
}
