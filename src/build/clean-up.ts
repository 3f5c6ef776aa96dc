/**
 * The build's clean-up of dist/: what no page, job or language font of this build made any more
 * goes (a full build removes everything it did not write; an incremental one, the outputs of jobs
 * that no longer exist, cards no page shows and fonts no page links), each with its compressed copies.
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { dataPaths } from "../shared/collections/data-files";
import type { JobKey } from "./keys";
import { pageFile } from "./page-file";

/** Removes every file under `dir` not in `kept` (relative paths), and folders left empty. */
export function removeAllBut(dir: string, kept: Set<string>): string[] {
  return removeListedBut(dir, listTree(dir), kept);
}

/** The files and folders under a folder (relative paths), each folder after what it holds. */
export interface Tree {
  files: string[];
  /** Folders, each after its subfolders, with how many entries it held when listed. */
  folders: { path: string; entries: number }[];
}

/**
 * Lists the files and folders under `dir`. A full build lists dist/ while its workers make the
 * pages (the build's thread is idle then) and removes what it did not write afterwards:
 * listing tens of thousands of files after the pages was most of the build's last serial step.
 */
export function listTree(dir: string): Tree {
  const tree: Tree = { files: [], folders: [] };
  const walk = (relative: string, prefix: string) => {
    const entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      // Joined by hand: a name readdir gives needs none of path.join's normalising.
      const child = prefix + entry.name;
      if (entry.isDirectory()) walk(child, `${child}${path.sep}`);
      else tree.files.push(child);
    }
    if (relative !== "") tree.folders.push({ path: relative, entries: entries.length });
  };
  walk("", "");
  return tree;
}

/**
 * Removes the files of `tree` not in `kept`, then the folders left empty, deepest first. A file
 * written since the listing is one the build wrote (in `kept`); a folder it went into is not
 * empty, and stays.
 */
export function removeListedBut(dir: string, tree: Tree, kept: Set<string>): string[] {
  const removed: string[] = [];
  const left = new Map<string, number>();
  for (const folder of tree.folders) left.set(folder.path, folder.entries);
  const gone = (child: string) => {
    const parent = path.dirname(child);
    if (parent !== ".") left.set(parent, (left.get(parent) ?? 1) - 1);
  };
  for (const file of tree.files) {
    if (kept.has(file)) continue;
    try {
      rmSync(path.join(dir, file));
    } catch (error) {
      // Gone since the listing (a temporary file renamed, an old sitemap part the build removed):
      // not counted again, but its folder may be left empty all the same.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      gone(file);
      continue;
    }
    removed.push(file);
    gone(file);
  }
  for (const folder of tree.folders) {
    if (left.get(folder.path) !== 0) continue;
    try {
      rmdirSync(path.join(dir, folder.path));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Not empty after all: the build wrote into it after the listing.
      if (code === "ENOTEMPTY") continue;
      if (code !== "ENOENT") throw error;
    }
    gone(folder.path);
  }
  return removed;
}

/**
 * Removes the social cards under dist/social/ that no page shows (`shown`: their PNGs' paths),
 * their sources with them. Returns what it removed.
 */
export function removeUnshownCards(distDir: string, shown: ReadonlySet<string>): string[] {
  const dir = path.join(distDir, "social");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => `social/${name}`)
    .filter((file) => !shown.has(file.replace(/\.json$/, ".png")))
    .flatMap((file) => removeOutput(distDir, file));
}

/** Removes the last build's language font files this build no longer links; returns what it removed. */
export function removeStaleFonts(
  distDir: string,
  fonts: Record<string, { font: string; stylesheet: string }>,
  before: readonly string[],
): string[] {
  const current = new Set(fontFiles(fonts));
  return before.filter((file) => !current.has(file)).flatMap((file) => removeOutput(distDir, file));
}

/** The files of the languages' fonts (src/build/fonts.ts), relative to dist/. */
export function fontFiles(fonts: Record<string, { font: string; stylesheet: string }>): string[] {
  return Object.values(fonts).flatMap((f) => [f.font, f.stylesheet].map((p) => p.replace(/^\//, "")));
}

/** Removes the outputs of the last build's jobs this build no longer has; returns what it removed. */
export function removeJobOutputs(distDir: string, removed: readonly JobKey[]): string[] {
  return removed.flatMap((key) => outputsOf(key).flatMap((file) => removeOutput(distDir, file)));
}

/** The files a job writes (besides their compressed copies), relative to dist/. */
function outputsOf(key: JobKey): string[] {
  switch (key.kind) {
    case "page":
      return [pageFile(key.path)];
    case "treatment-data":
      return [dataPaths.treatment(key.dataFile, key.slug), dataPaths.builtInTreatment(key.dataFile, key.slug)];
    case "treatment-translation":
      return [
        dataPaths.translation(key.lang, key.dataFile, key.slug),
        dataPaths.builtInTranslation(key.lang, key.dataFile, key.slug),
      ];
    case "list-data":
      return [dataPaths.listPage(key.dataFile, key.page)];
    case "index-data":
      return [dataPaths.index(key.dataFile), dataPaths.builtInIndex(key.dataFile)];
    case "whole-data":
      return [dataPaths.whole(key.dataFile)];
  }
}

/**
 * Removes an output file and its compressed copies, then the folders they leave empty (a removed
 * treatment's page folders: a full build's clean-up leaves no empty folder either); returns the
 * files it removed.
 */
export function removeOutput(distDir: string, relative: string): string[] {
  const removed: string[] = [];
  for (const file of [relative, `${relative}.br`, `${relative}.gz`]) {
    const full = path.join(distDir, file);
    if (existsSync(full)) {
      rmSync(full);
      removed.push(file);
    }
  }
  if (removed.length > 0) removeEmptyFolders(distDir, path.dirname(relative));
  return removed;
}

/** Removes `relative` (a folder under dist/) and each folder above it while they are empty. */
function removeEmptyFolders(distDir: string, relative: string) {
  for (let folder = relative; folder !== "." && folder !== "" && folder !== path.sep; folder = path.dirname(folder)) {
    const full = path.join(distDir, folder);
    if (!existsSync(full) || readdirSync(full).length > 0) return;
    rmdirSync(full);
  }
}
