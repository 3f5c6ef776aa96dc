/**
 * The validator reads image sizes from file headers without an image library
 * (src/validation/image-size.ts); each case is a real file encoded here by sharp, and the answer
 * must be the size sharp reads back, upright.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readImageSize } from "../../src/validation/image-size";

const dir = mkdtempSync(path.join(tmpdir(), "image-size-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const picture = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha } } });

async function write(name: string, image: Sharp): Promise<string> {
  const file = path.join(dir, name);
  await image.toFile(file);
  return file;
}

describe("image size from the file header", () => {
  it("reads PNG, JPEG, lossy and lossless WebP, WebP with transparency, and AVIF", async () => {
    const cases: [string, Sharp][] = [
      ["a.png", picture(321, 123).png()],
      ["a.jpg", picture(1600, 1000).jpeg()],
      ["progressive.jpg", picture(999, 555).jpeg({ progressive: true })],
      ["lossy.webp", picture(640, 360, 1).webp()],
      ["lossless.webp", picture(641, 361).webp({ lossless: true })],
      ["alpha.webp", picture(642, 362, 0.5).webp()],
      ["a.avif", picture(800, 500).avif()],
    ];
    for (const [name, image] of cases) {
      const file = await write(name, image);
      const { width, height } = await sharp(file).metadata();
      expect({ name, ...readImageSize(file) }).toEqual({ name, width, height });
    }
  });

  it("measures a JPEG stored sideways with an EXIF rotation upright, as browsers show it", async () => {
    const file = await write("sideways.jpg", picture(400, 300).jpeg().withMetadata({ orientation: 6 }));
    expect(readImageSize(file)).toEqual({ width: 300, height: 400 });
    const upsideDown = await write("upside-down.jpg", picture(400, 300).jpeg().withMetadata({ orientation: 3 }));
    expect(readImageSize(upsideDown)).toEqual({ width: 400, height: 300 });
  });

  it("finds a JPEG's size after more than 64 KB of metadata", async () => {
    // Two 60 KB comment segments between the start marker and the frame header.
    const jpeg = await picture(700, 400).jpeg().toBuffer();
    const comment = Buffer.alloc(60_004, 0x20);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(60_002, 2);
    const file = path.join(dir, "metadata.jpg");
    writeFileSync(file, Buffer.concat([jpeg.subarray(0, 2), comment, comment, jpeg.subarray(2)]));
    expect(jpeg.length).toBeLessThan(64 * 1024);
    expect(await sharp(file).metadata()).toMatchObject({ width: 700, height: 400 });
    expect(readImageSize(file)).toEqual({ width: 700, height: 400 });
  });

  it("gives nothing for a file that is no picture, or is cut short", async () => {
    const text = path.join(dir, "text.jpg");
    writeFileSync(text, "not a picture at all");
    expect(readImageSize(text)).toBeUndefined();
    const cut = path.join(dir, "cut.png");
    writeFileSync(cut, (await picture(10, 10).png().toBuffer()).subarray(0, 12));
    expect(readImageSize(cut)).toBeUndefined();
  });
});
