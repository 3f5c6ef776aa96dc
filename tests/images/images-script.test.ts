/**
 * Spawns the real build step (src/build/images.ts) on a temporary public/ and dist/ holding images
 * made here with sharp: a photo-like JPEG, a small PNG, a JPEG stored sideways with an EXIF
 * rotation, and an SVG.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariants, variantFormats } from "../../src/shared/image-variants";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const script = path.join(repoRoot, "scripts/images.ts");
const made: string[] = [];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runImages(cwd: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(tsx, [script, ...args], { cwd }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A temporary project folder with public/images/ and an empty dist/. */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "images-test-"));
  made.push(dir);
  mkdirSync(path.join(dir, "public/images/home"), { recursive: true });
  mkdirSync(path.join(dir, "dist"));
  return dir;
}

/** Smooth shapes, fine texture and a little noise: compresses like a photo, not like a drawing. */
function photoPixels(width: number, height: number): Buffer {
  const px = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 8;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const texture = 12 * Math.sin(x / 3.1 + Math.sin(y / 7)) * Math.cos(y / 4.3);
      const n = noise();
      px[i] = 120 + 90 * Math.sin(x / 97) * Math.cos(y / 131) + texture + n;
      px[i + 1] = 140 + 70 * Math.sin((x + y) / 157) + texture * 0.6 + n;
      px[i + 2] = 110 + 100 * Math.cos(Math.hypot(x - width / 2, y - height / 2) / 60) + n;
    }
  return px;
}

const raw = (width: number, height: number) => ({ raw: { width, height, channels: 3 as const } });

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("images build step", () => {
  let dir: string;
  let run: Run;
  const dist = () => path.join(dir, "dist");
  const photoFile = () => path.join(dir, "public/images/home/photo.jpg");

  beforeAll(async () => {
    dir = project();
    await sharp(photoPixels(1600, 1000), raw(1600, 1000)).blur(0.8).jpeg({ quality: 85 }).toFile(photoFile());
    await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
      .png()
      .toFile(path.join(dir, "public/images/badge.png"));
    // Stored 400 wide and 300 high, shown upright (300x400) by browsers because of EXIF orientation 6.
    await sharp(photoPixels(400, 300), raw(400, 300))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path.join(dir, "public/images/home/sideways.jpg"));
    writeFileSync(path.join(dir, "public/images/logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    run = await runImages(dir);
  });

  it("exits 0 and says what it made, image by image, with bytes before and after", () => {
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Images: made 12 variants of 3 raster images in \d+\.\d s\.\n/);
    expect(run.stdout).toMatch(
      /\n {2}\/images\/home\/photo\.jpg 1600x1000 \d+ KB -> widths 480, 768, 1200, 1600; full size: AVIF \d+ KB, WebP \d+ KB\n/,
    );
    expect(run.stdout).toMatch(/\n {2}\/images\/badge\.png 300x200 \d\.\d KB -> widths 300; full size: AVIF \d\.\d KB/);
    expect(run.stdout).toContain("\n  /images/home/sideways.jpg 300x400 ");
    expect(run.stdout).toMatch(/\n {2}originals \d+ KB; all AVIF variants \d+ KB, all WebP variants \d+ KB\.\n$/);
  });

  it("writes AVIF and WebP at 480, 768, 1200 and the full width, under the names the page asks for", async () => {
    expect(
      readdirSync(path.join(dist(), "images/_v/home"))
        .filter((f) => f.startsWith("photo"))
        .sort(),
    ).toEqual([
      "photo.jpg-1200w.avif",
      "photo.jpg-1200w.webp",
      "photo.jpg-480w.avif",
      "photo.jpg-480w.webp",
      "photo.jpg-768w.avif",
      "photo.jpg-768w.webp",
      "photo.jpg.avif",
      "photo.jpg.webp",
    ]);
    for (const format of variantFormats)
      for (const variant of imageVariants({ src: "/images/home/photo.jpg", width: 1600 }, format)) {
        const meta = await sharp(path.join(dist(), variant.url)).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        if (format === "avif") expect(meta.compression).toBe("av1");
        expect(meta.width).toBe(variant.width);
        // 1600x1000 is 8:5, so each variant's height is 5/8 of its width.
        expect(meta.height).toBe((variant.width * 5) / 8);
      }
  });

  it("makes a photo's variants smaller than the JPEG it comes from", async () => {
    const source = statSync(photoFile()).size;
    const size = (name: string) => statSync(path.join(dist(), "images/_v/home", name)).size;
    expect(size("photo.jpg.avif")).toBeLessThan(source / 2);
    expect(size("photo.jpg.webp")).toBeLessThan(source / 2);
    // The 480 px copy is what a phone downloads: a small fraction of the original.
    const jpeg480 = (await sharp(photoFile()).resize({ width: 480 }).jpeg({ quality: 85 }).toBuffer()).length;
    expect(size("photo.jpg-480w.avif")).toBeLessThan(jpeg480);
    expect(size("photo.jpg-480w.webp")).toBeLessThan(jpeg480);
    expect(size("photo.jpg-480w.avif")).toBeLessThan(source / 10);
  });

  it("never enlarges: an image narrower than 480 gets only its own width, transparency kept", async () => {
    expect(
      readdirSync(path.join(dist(), "images/_v"))
        .filter((f) => f.startsWith("badge"))
        .sort(),
    ).toEqual(["badge.png.avif", "badge.png.webp"]);
    const meta = await sharp(path.join(dist(), "images/_v/badge.png.webp")).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([300, 200, true]);
  });

  it("turns a photo stored sideways upright, as browsers show it", async () => {
    const meta = await sharp(path.join(dist(), "images/_v/home/sideways.jpg.avif")).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);
  });

  it("leaves SVGs alone", () => {
    expect(readdirSync(path.join(dist(), "images/_v")).some((f) => f.startsWith("logo"))).toBe(false);
  });
});

describe("images build step, on bad input", () => {
  it("names a file that is no picture in a full sentence and exits 1", async () => {
    const dir = project();
    writeFileSync(path.join(dir, "public/images/home/broken.jpg"), "this is not a JPEG");
    const run = await runImages(dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "images: The image public/images/home/broken.jpg cannot be read as a picture (Input buffer contains unsupported image format). Replace it with a valid JPEG, PNG, WebP or AVIF file, or remove it and the config that names it.\n",
    );
  });

  it("does no image work when there is no raster image (a missing dist/ is not even looked at)", async () => {
    const dir = project();
    writeFileSync(path.join(dir, "public/images/logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const run = await runImages(dir, ["--dist", "no-such-folder"]);
    expect(run).toEqual({
      code: 0,
      stdout: "Images: no raster images under public/images, so no variants to make.\n",
      stderr: "",
    });
    expect(existsSync(path.join(dir, "no-such-folder"))).toBe(false);
  });

  it("refuses a public/images/_v/ folder, which would clash with the variants", async () => {
    const dir = project();
    mkdirSync(path.join(dir, "public/images/_v"));
    const run = await runImages(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^images: The folder .*public\/images\/_v\/? is reserved for the image variants the build makes/,
    );
  });
});
