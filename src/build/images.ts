/**
 * Makes the AVIF and WebP variants of every raster image under public/images (jpg, png, webp,
 * avif) in the built site, at the widths and addresses src/shared/image-variants.ts names, so
 * src/site/ui/ConfigImage.tsx can offer them with srcset and a phone downloads a small file. Runs in
 * `npm run build` after `vite build` (which copies public/ to dist/) and before the prerender.
 * SVGs are left as they are. With no raster image it does no image work at all (sharp is not
 * even loaded).
 *
 * Usage: tsx src/build/images.ts [--public public] [--dist dist]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Sharp, default as SharpFn } from "sharp";
import {
  isRaster,
  type VariantFormat,
  variantFolder,
  variantFormats,
  variantUrl,
  widthsFor,
} from "../shared/image-variants";

/**
 * Encoder settings in the usual range for photos on the web. On a photo-like 1600x1000 test
 * image the AVIF copies came to 28-31% and the WebP copies to 42-46% of the bytes of a
 * quality-85 JPEG of the same width. AVIF effort 3 rather than sharp's default 4: ~10% larger,
 * but 5x faster (0.3 s instead of 1.7 s for the full-size copy on this two-core machine).
 */
const encode: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};

/** One raster image of the site: its file and its address. */
export interface RasterImage {
  file: string;
  src: string;
}

/** What was made of one image. */
export interface ImageResult extends RasterImage {
  width: number;
  height: number;
  bytes: number;
  variants: { url: string; width: number; format: VariantFormat; bytes: number }[];
}

/** A problem the build cannot go on with, said in words a content team can act on. */
export class ImageBuildError extends Error {}

/** Every raster under `publicDir/images`, in path order. */
export function findRasters(publicDir: string): RasterImage[] {
  const imagesDir = path.join(publicDir, "images");
  if (!existsSync(imagesDir)) return [];
  const reserved = path.join(publicDir, variantFolder);
  if (existsSync(reserved))
    throw new ImageBuildError(
      `The folder ${reserved} is reserved for the image variants the build makes, but it exists in public/. Move its files to another folder under public/images/ and update the config that names them.`,
    );
  const found: RasterImage[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (isRaster(entry.name))
        found.push({ file: full, src: `/${path.relative(publicDir, full).split(path.sep).join("/")}` });
    }
  };
  walk(imagesDir);
  return found.sort((a, b) => a.src.localeCompare(b.src));
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Reads one image's upright size; a file that is no picture fails here, before any encoding. */
async function measure(image: RasterImage, sharp: typeof SharpFn): Promise<ImageResult> {
  const input = readFileSync(image.file);
  try {
    // autoOrient: a phone photo stored sideways with an EXIF rotation is shown upright by
    // browsers, so its width is the upright one, and the variants are rotated to match.
    const { width, height } = (await sharp(input).metadata()).autoOrient;
    if (!width || !height) throw new Error("it has no width or height");
    return { ...image, width, height, bytes: input.length, variants: [] };
  } catch (error) {
    throw unreadable(image, error);
  }
}

/** One file to write: a width and a format of one image. */
interface Job {
  image: ImageResult;
  width: number;
  format: VariantFormat;
}

async function makeVariant({ image, width, format }: Job, distDir: string, sharp: typeof SharpFn) {
  const url = variantUrl(image.src, width === image.width ? "full" : width, format);
  let output: Buffer;
  try {
    // Only the width is given, so the height follows and the aspect ratio is kept.
    output = await encode[format](sharp(image.file).autoOrient().resize({ width })).toBuffer();
  } catch (error) {
    throw unreadable(image, error);
  }
  const out = path.join(distDir, url);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, output);
  image.variants.push({ url, width, format, bytes: output.length });
}

function unreadable(image: RasterImage, error: unknown): ImageBuildError {
  const reason = (error as Error).message?.replace(/\.$/, "") ?? String(error);
  const shown = path.relative(process.cwd(), image.file) || image.file;
  return new ImageBuildError(
    `The image ${shown} cannot be read as a picture (${reason}). Replace it with a valid JPEG, PNG, WebP or AVIF file, or remove it and the config that names it.`,
  );
}

export interface ImagesOptions {
  publicDir: string;
  distDir: string;
  /** Variants encoded at once (default: one per core). */
  concurrency?: number;
}

/** Makes the variants of every raster under `publicDir/images` into `distDir`. */
export async function buildImages(options: ImagesOptions): Promise<ImageResult[]> {
  const rasters = findRasters(options.publicDir);
  if (rasters.length === 0) return [];
  if (!existsSync(options.distDir))
    throw new ImageBuildError(
      `Expected the built site at ${options.distDir}, but there is no such folder. Run vite build first (npm run build does).`,
    );
  const { default: sharp } = await import("sharp");
  // Every width and format of every image is one job, one per core at a time: the AVIF encoder
  // mostly keeps to one thread (measured: real time = CPU time for one image), so jobs side by
  // side are what fills the cores; more would only pile up decoded images in memory.
  const limit = options.concurrency ?? os.availableParallelism();
  const images = await eachLimited(rasters, limit, (image) => measure(image, sharp));
  const jobs = images.flatMap((image) =>
    widthsFor(image.width).flatMap((width) => variantFormats.map((format) => ({ image, width, format }))),
  );
  // Largest first, so the slowest job does not start last and leave a core idle at the end.
  jobs.sort((a, b) => b.width - a.width);
  await eachLimited(jobs, limit, (job) => makeVariant(job, options.distDir, sharp));
  for (const image of images) image.variants.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
  return images;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

/** What the build prints: one line per image, then the totals. */
export function summary(results: ImageResult[], seconds: number): string {
  if (results.length === 0) return "Images: no raster images under public/images, so no variants to make.";
  const lines = results.map((r) => {
    const full = (format: VariantFormat) =>
      r.variants.find((v) => v.format === format && v.width === r.width)?.bytes ?? 0;
    const widths = [...new Set(r.variants.map((v) => v.width))].join(", ");
    return `  ${r.src} ${r.width}x${r.height} ${kb(r.bytes)} -> widths ${widths}; full size: AVIF ${kb(full("avif"))}, WebP ${kb(full("webp"))}`;
  });
  const originals = results.reduce((sum, r) => sum + r.bytes, 0);
  const variants = results.flatMap((r) => r.variants);
  const bytesOf = (format: VariantFormat) =>
    variants.filter((v) => v.format === format).reduce((sum, v) => sum + v.bytes, 0);
  return [
    `Images: made ${variants.length} variants of ${results.length} raster images in ${seconds.toFixed(1)} s.`,
    ...lines,
    `  originals ${kb(originals)}; all AVIF variants ${kb(bytesOf("avif"))}, all WebP variants ${kb(bytesOf("webp"))}.`,
  ].join("\n");
}

export async function main() {
  const { values } = parseArgs({
    options: { public: { type: "string", default: "public" }, dist: { type: "string", default: "dist" } },
  });
  const started = performance.now();
  try {
    const results = await buildImages({ publicDir: path.resolve(values.public), distDir: path.resolve(values.dist) });
    console.log(summary(results, (performance.now() - started) / 1000));
  } catch (error) {
    if (!(error instanceof ImageBuildError)) throw error;
    process.stderr.write(`images: ${error.message}\n`);
    process.exitCode = 1;
  }
}
