/**
 * What an uploaded picture becomes before it is stored: its type read from its bytes (never from
 * its name or the browser's word), its size and dimensions held to limits, turned upright, and
 * re-encoded by sharp without `withMetadata`, so nothing of the camera's metadata survives: no
 * EXIF (a phone photo's GPS position, its maker and serial number), no XMP, no IPTC, no comments.
 * Every refusal says the limit and what to do, in words the content team can act on.
 */
import type { Sharp, default as SharpFn } from "sharp";
import { slugify } from "../../../shared/slug";

/** Limits an upload is held to; `pictureLimits` reads them from the environment. */
export interface PictureLimits {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** The longest side accepted, in pixels (a larger picture is refused, not shrunk). */
  maxSide: number;
}

/** The defaults: a phone's photo (4000 × 3000, 3-8 MB) passes; a poster scan does not. */
export const defaultPictureLimits: PictureLimits = { maxBytes: 15 * 1024 * 1024, maxSide: 10_000 };

/**
 * The widest picture stored. The site shows no picture wider than 1200 CSS pixels, which is 2400
 * device pixels on a phone's 2x screen; a wider original only makes the repository and the
 * build's full-size copy larger.
 */
export const storedWidth = 2400;

/** The formats accepted, by sharp's name for them, with the extension the stored file gets. */
const accepted = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif" } as const;
type Accepted = keyof typeof accepted;

/** Settings in the usual range for photos kept as originals (the build makes the small copies). */
const reencode: Record<Accepted, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 88, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  webp: (image) => image.webp({ quality: 88 }),
  avif: (image) => image.avif({ quality: 70, effort: 3 }),
};

/** An upload refused, in words: the HTTP status and the sentence to show. */
export class PictureRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A picture ready to store: its bytes, the extension its type gives, its upright size. */
export interface Picture {
  bytes: Buffer;
  extension: string;
  format: Accepted;
  width: number;
  height: number;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The refusal of a file over the size limit (`bytes` unknown when the request did not say). */
export function tooLarge(bytes: number, limits: PictureLimits): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? `The file is ${mb(bytes)}, more than` : "The file is larger than";
  return `${size} the ${mb(limits.maxBytes)} a picture may be. Save it smaller (a photo 2400 pixels wide is plenty for the site) and upload it again.`;
}

/** Reads the limits from `EDITOR_IMAGE_MAX_MB` and `EDITOR_IMAGE_MAX_SIDE`, with the defaults. */
export function pictureLimits(env: NodeJS.ProcessEnv = process.env): PictureLimits {
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${name} must be a positive number, but it is '${raw}'.`);
    return value;
  };
  return {
    maxBytes: Math.round(number("EDITOR_IMAGE_MAX_MB", defaultPictureLimits.maxBytes / 1024 / 1024) * 1024 * 1024),
    maxSide: Math.round(number("EDITOR_IMAGE_MAX_SIDE", defaultPictureLimits.maxSide)),
  };
}

/** Makes an uploaded file's bytes into a picture to store, or refuses it in words. */
export async function preparePicture(input: Buffer, limits: PictureLimits): Promise<Picture> {
  if (input.length === 0) throw new PictureRefused(400, "The file is empty. Choose a photo or picture to upload.");
  if (input.length > limits.maxBytes) throw new PictureRefused(413, tooLarge(input.length, limits));
  const { default: sharp } = (await import("sharp")) as { default: typeof SharpFn };
  // A decoder's limit too: a small file can declare a huge picture (a "decompression bomb").
  const open = () => sharp(input, { limitInputPixels: limits.maxSide * limits.maxSide, failOn: "error" });
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    const metadata = await open().metadata();
    format = metadata.format;
    ({ width, height } = metadata.autoOrient);
  } catch {
    format = undefined;
  }
  if (!format || !(format in accepted))
    throw new PictureRefused(
      415,
      `This file is not a JPEG, PNG, WebP or AVIF picture${format ? ` (its content is ${format.toUpperCase()})` : ""}, whatever its name says. Save it as a JPEG or PNG and upload that.`,
    );
  if (!width || !height || width > limits.maxSide || height > limits.maxSide)
    throw new PictureRefused(
      413,
      `The picture is ${width ?? "?"} × ${height ?? "?"} pixels; a side may be at most ${limits.maxSide} pixels. Make it smaller (2400 pixels wide is plenty for the site) and upload it again.`,
    );
  const type = format as Accepted;
  let bytes: Buffer;
  try {
    // autoOrient turns a sideways phone photo upright, since its EXIF rotation goes with the rest.
    const upright = open().autoOrient().resize({ width: storedWidth, withoutEnlargement: true });
    bytes = await reencode[type](upright).toBuffer();
  } catch (error) {
    throw new PictureRefused(
      415,
      `The picture cannot be read to the end (${(error as Error).message.replace(/\.$/, "")}). It may be cut short: save it again and upload that.`,
    );
  }
  const stored = await sharp(bytes).metadata();
  return { bytes, extension: accepted[type], format: type, width: stored.width, height: stored.height };
}

/**
 * The stored file's name, from the name the person's file had: its words as a slug, never a path
 * (folders and dots of the given name are dropped), with the extension of the type its content is.
 */
export function pictureName(given: string, extension: string): string {
  const base = given.split(/[\\/]/).pop() ?? "";
  const stem = slugify(base.replace(/\.[^.]*$/, "").replace(/[_.]+/g, " "))
    .slice(0, 80)
    .replace(/-$/, "");
  return `${stem || "picture"}.${extension}`;
}
