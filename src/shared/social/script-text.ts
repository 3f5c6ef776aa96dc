/**
 * Text in Telugu or Devanagari on a social card. satori, which lays the card out, cannot shape
 * Indic scripts (it would draw vowel signs in the wrong place and break conjuncts: vercel/satori
 * #215), so a text with such letters is drawn by Pango through sharp (HarfBuzz shapes it, as a
 * browser does) in the script's Noto Sans, shipped with the build, and placed on the card as an
 * image. Its Latin letters and digits come from the same family's Latin file, so every machine
 * draws the same card.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { cachedSubsetFile, fontsByLanguage, type ScriptFont } from "./script-fonts";

const require = createRequire(import.meta.url);

/** The script font a text needs: the first whose block has one of its letters. */
export function scriptFontOf(text: string): ScriptFont | undefined {
  const points = [...text].map((c) => c.codePointAt(0) as number);
  return Object.values(fontsByLanguage).find(({ block }) => points.some((p) => p >= block[0] && p <= block[1]));
}

const range = (from: number, to: number) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
/** What each file keeps: the script's whole block with its joiners and dandas, or Latin-1. */
const scriptCharacters = (block: [number, number]) => `${range(...block)}\u0964\u0965\u200c\u200d\u25cc`;
const latinCharacters = `${range(0x20, 0x7e)}${range(0xa0, 0xff)}\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20b9`;

/** The font's files as TrueType at `weight`, made once and kept in `cacheDir`. */
async function trueTypeFiles(font: ScriptFont, weight: number, cacheDir: string): Promise<string[]> {
  const name = font.family.toLowerCase().replace(/\s+/g, "-");
  return Promise.all([
    cachedSubsetFile(
      readFileSync(require.resolve(font.file)),
      scriptCharacters(font.block),
      weight,
      cacheDir,
      name,
      "truetype",
    ),
    cachedSubsetFile(
      readFileSync(require.resolve(font.latinFile)),
      latinCharacters,
      weight,
      cacheDir,
      `${name}-latin`,
      "truetype",
    ),
  ]);
}

/** Font files Pango already knows in this thread (libvips keeps every `fontfile` it is given). */
const known = new Set<string>();

/**
 * Where a font file is given to Pango: a copy in the system's temporary folder under its own
 * name (which holds the hash of its content), so every thread of the process gives Pango the one
 * file of a content, and a file Pango holds outlives the cache folder it came from. Pango keeps a
 * font for the life of the process: a second file of the same family from another cache folder
 * (another relay option, another test), once that folder was removed, left Pango drawing the
 * family's letters in a fallback font. Where the temporary folder cannot be written, the file
 * itself.
 */
function lastingCopy(file: string): string {
  const copy = path.join(tmpdir(), "social-card-fonts", path.basename(file));
  try {
    if (!existsSync(copy)) {
      mkdirSync(path.dirname(copy), { recursive: true });
      const temporary = `${copy}.${process.pid}.${threadId}.tmp`;
      copyFileSync(file, temporary);
      renameSync(temporary, copy);
    }
    return copy;
  } catch {
    return file;
  }
}

async function register(files: string[]) {
  const { default: sharp } = await import("sharp");
  for (const file of files.map(lastingCopy).filter((f) => !known.has(f))) {
    // A text with ink: an empty one is refused.
    await sharp({ text: { text: ".", fontfile: file } })
      .png()
      .toBuffer();
    known.add(file);
  }
}

const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A drawn text: a PNG to place on the card, and its size in pixels. */
export interface TextImage {
  src: string;
  width: number;
  height: number;
}

/** The sizes a text is tried at, as parts of its own: smaller than 0.6 reads badly on a phone's preview. */
const scales = [1, 0.88, 0.76, 0.66, 0.6];
/**
 * The most characters (grapheme clusters) ever drawn: more would not fit the card at the smallest
 * size anyway, and Pango refuses a surface as large as some thousands of them would need.
 */
const mostClusters = 600;
const clusters = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);

/**
 * `text` drawn in `font`: `size` pixels, wrapped at `width`, in `color`. Taller than `maxHeight`,
 * it is drawn smaller, down to 0.6 of `size`; still too tall, it is cut at a word where it can be
 * and ends with an ellipsis. A heading of any length makes a card, never a failed build.
 */
export async function scriptText(
  text: string,
  font: ScriptFont,
  options: { size: number; weight: 400 | 700; color: string; width: number; maxHeight: number; cacheDir: string },
): Promise<TextImage> {
  const { default: sharp } = await import("sharp");
  await register(await trueTypeFiles(font, options.weight, path.join(options.cacheDir, "fonts")));
  const description = `${font.family}${options.weight === 700 ? " Bold" : ""}`;
  // Pango is given the size and its resolution only: given a height too, sharp refuses both
  // ("Expected only one of dpi or height"), so the fitting is done here.
  const draw = (words: string, size: number) =>
    sharp({
      text: {
        text: `<span foreground="${options.color}">${escapeMarkup(words)}</span>`,
        font: `${description} ${size}`,
        width: options.width,
        dpi: 72,
        rgba: true,
        wrap: "word-char",
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  const parts = clusters(text);
  const whole = parts.length <= mostClusters;
  let drawn: Awaited<ReturnType<typeof draw>> | undefined;
  if (whole)
    for (const scale of scales) {
      drawn = await draw(text, Math.round(options.size * scale));
      if (drawn.info.height <= options.maxHeight) break;
    }
  if (!drawn || drawn.info.height > options.maxHeight) {
    // The longest beginning that fits at the smallest size, with an ellipsis: found by halving.
    const size = Math.round(options.size * (scales.at(-1) as number));
    const cut = (count: number) => `${parts.slice(0, count).join("").trimEnd()}\u2026`;
    let [fits, tooLong] = [0, Math.min(parts.length, mostClusters)];
    let best = await draw(cut(0), size);
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      const tried = await draw(cut(middle), size);
      if (tried.info.height <= options.maxHeight) [fits, best] = [middle, tried];
      else tooLong = middle;
    }
    // At a space near the cut, where there is one, so no word is cut in half.
    const space = parts.slice(0, fits).lastIndexOf(" ");
    drawn = space > fits * 0.7 ? await draw(cut(space), size) : best;
  }
  return {
    src: `data:image/png;base64,${drawn.data.toString("base64")}`,
    width: drawn.info.width,
    height: drawn.info.height,
  };
}
