/**
 * The build's clean-up of dist/: what no page, job or language font of this build made any more
 * goes (a full build removes everything it did not write; an incremental one, the outputs of jobs
 * that no longer exist, cards no page shows and fonts no page links), each with its compressed copies.
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";

/** Removes every file under `dir` not in `kept` (relative paths), and folders left empty. */
export function removeAllBut(dir: string, kept: Set<string>): string[] {
  const removed: string[] = [];
  const walk = (relative: string): boolean => {
    let empty = true;
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (walk(child)) rmdirSync(path.join(dir, child));
        else empty = false;
      } else if (kept.has(child)) empty = false;
      else {
        rmSync(path.join(dir, child));
        removed.push(child);
      }
    }
    return empty;
  };
  walk("");
  return removed;
}

/** Removes the social cards under dist/social/ that no page shows; returns what it removed. */
export function removeUnshownCards(distDir: string, shown: ReadonlySet<string>): string[] {
  const dir = path.join(distDir, "social");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => `social/${name}`)
    .filter((file) => !shown.has(file))
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

/** Removes an output file and its compressed copies; returns what it removed. */
export function removeOutput(distDir: string, relative: string): string[] {
  const removed: string[] = [];
  for (const file of [relative, `${relative}.br`, `${relative}.gz`]) {
    const full = path.join(distDir, file);
    if (existsSync(full)) {
      rmSync(full);
      removed.push(file);
    }
  }
  return removed;
}
