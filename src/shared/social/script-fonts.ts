/**
 * The fonts of the scripts a card may be drawn in and the site's pages may need (Telugu,
 * Devanagari), and their subsets: used by the build's language fonts (src/build/fonts.ts) and by
 * whatever draws a social card (the build, the relay). Subsetting a font takes a few seconds
 * (harfbuzz), so each result is kept in a cache folder by the hash of the font and the characters.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";

/** A script's font: its package's variable font file, its family and its Unicode block. */
export interface ScriptFont {
  file: string;
  /** The same family's Latin letters, digits and punctuation (social cards mix them in). */
  latinFile: string;
  family: string;
  block: [number, number];
}

/** Fonts by language code. A language not listed uses the site's own font stack. */
export const fontsByLanguage: Record<string, ScriptFont> = {
  te: {
    file: "@fontsource-variable/noto-sans-telugu/files/noto-sans-telugu-telugu-wght-normal.woff2",
    latinFile: "@fontsource-variable/noto-sans-telugu/files/noto-sans-telugu-latin-wght-normal.woff2",
    family: "Noto Sans Telugu",
    block: [0x0c00, 0x0c7f],
  },
  hi: {
    file: "@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2",
    latinFile: "@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-latin-wght-normal.woff2",
    family: "Noto Sans Devanagari",
    block: [0x0900, 0x097f],
  },
};

export const hash = (...parts: (string | Buffer)[]) => {
  const h = createHash("sha256");
  for (const part of parts) h.update(part);
  return h.digest("hex").slice(0, 10);
};

/**
 * `source` subset to `characters` (WOFF2, or TrueType for a drawing library; variable weight axis
 * limited or pinned by `wght`), from the cache under `cacheDir` when it was made before: by the
 * hash of the font, the characters and the axis. Returns the cached file's path.
 */
export async function cachedSubsetFile(
  source: Buffer,
  characters: string,
  wght: number | { min: number; max: number },
  cacheDir: string,
  name: string,
  format: "woff2" | "truetype" = "woff2",
): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const axis = typeof wght === "number" ? String(wght) : `${wght.min}-${wght.max}`;
  // The range keeps its old cache names (font and characters only).
  const key = typeof wght === "number" ? hash(source, characters, axis) : hash(source, characters);
  const cached = path.join(cacheDir, `${name}-${key}.${format === "woff2" ? "woff2" : "ttf"}`);
  if (!existsSync(cached)) {
    // Loaded on a cache miss only: harfbuzz's WebAssembly is slow to start, and most builds find
    // every subset in the cache.
    const { default: subsetFont } = await import("subset-font");
    const subset = await subsetFont(source, characters, { targetFormat: format, variationAxes: { wght } });
    // Written aside and renamed: two workers making the same font never leave half a file. The
    // build's workers are threads of one process: the name must differ per thread, not per process.
    const temporary = `${cached}.${process.pid}.${threadId}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, subset);
    renameSync(temporary, cached);
  }
  return cached;
}
