/**
 * The pixel size of a PNG, JPEG, WebP or AVIF file, read from its header, synchronously and
 * without an image library: the validator is synchronous and runs before anything is installed
 * beyond its own bundle. The size is the one browsers show: a JPEG or AVIF stored sideways with
 * a rotation is measured upright. A file this cannot make sense of gives `undefined`; the build
 * (src/build/images.ts, with a real decoder) then says what is wrong with it.
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";

export interface PixelSize {
  width: number;
  height: number;
}

/** Enough for the header of every format but a JPEG with large metadata before its frame. */
const headLength = 64 * 1024;

/** Reads `file`'s size; undefined when it is not one of the four formats or is cut short. */
export function readImageSize(file: string): PixelSize | undefined {
  const head = readHead(file);
  const size = sizeOf(head);
  if (size !== "more") return size;
  return head.length < headLength ? undefined : orUndefined(sizeOf(readFileSync(file)));
}

const orUndefined = (size: PixelSize | undefined | "more") => (size === "more" ? undefined : size);

function readHead(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(headLength);
    return buffer.subarray(0, readSync(fd, buffer, 0, headLength, 0));
  } finally {
    closeSync(fd);
  }
}

/** "more" when the answer lies beyond the bytes given. */
function sizeOf(b: Buffer): PixelSize | undefined | "more" {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString("latin1", 12, 16) === "IHDR")
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (b.length >= 30 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return webpSize(b);
  if (b.length >= 12 && b.toString("latin1", 4, 8) === "ftyp") return avifSize(b);
  return undefined;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(b: Buffer): PixelSize | undefined | "more" {
  let at = 2;
  let turned = false;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (marker === 0xe1 && at + 4 + length - 2 <= b.length)
      turned ||= exifTurnsSideways(b.subarray(at + 4, at + 2 + length));
    if (startOfFrame.has(marker)) {
      if (at + 9 > b.length) return "more";
      const height = b.readUInt16BE(at + 5);
      const width = b.readUInt16BE(at + 7);
      return turned ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // image data before any frame header
    at += 2 + length;
  }
  return "more";
}

/** Whether an APP1 segment's EXIF orientation (5 to 8) turns the picture a quarter. */
function exifTurnsSideways(app1: Buffer): boolean {
  if (app1.length < 14 || app1.toString("latin1", 0, 6) !== "Exif\0\0") return false;
  const tiff = app1.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (i: number) => (little ? tiff.readUInt16LE(i) : tiff.readUInt16BE(i));
  const u32 = (i: number) => (little ? tiff.readUInt32LE(i) : tiff.readUInt32BE(i));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return false;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return false;
    if (u16(entry) === 0x0112) return u16(entry + 8) >= 5 && u16(entry + 8) <= 8;
  }
  return false;
}

function webpSize(b: Buffer): PixelSize | undefined {
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
}

/**
 * An AVIF's size is in its 'ispe' (image spatial extents) properties. A file may hold several
 * (the tiles of a grid, an alpha plane, a thumbnail); the picture is the largest. An 'irot' of a
 * quarter or three quarters turns it.
 */
function avifSize(b: Buffer): PixelSize | "more" {
  // Only the boxes before the image data: compressed bytes could spell 'ispe' by chance.
  const data = b.indexOf("mdat", 0, "latin1");
  const end = data === -1 ? b.length : data;
  let best: PixelSize | undefined;
  for (let at = b.indexOf("ispe", 0, "latin1"); at !== -1 && at + 16 <= end; at = b.indexOf("ispe", at + 4, "latin1")) {
    const size = { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  if (!best) return "more";
  const irot = b.indexOf("irot", 0, "latin1");
  const turned = irot !== -1 && irot + 5 <= end && (b[irot + 4] & 1) === 1;
  return turned ? { width: best.height, height: best.width } : best;
}
