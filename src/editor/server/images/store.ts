/**
 * Stores an uploaded picture in the site a request works on: under public/images/uploads/ (the
 * folder the build's image step reads, so the site's smaller copies are made of it), by a name of
 * its own that never overwrites another picture, and reported to `written`, which a hosted editor
 * turns into a commit of the person's change set.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImageUploadResponse } from "../../shared/api";
import type { OnWritten } from "../site-api";
import { type PictureLimits, pictureName, preparePicture } from "./picture";

/** Where uploads go, as config names them. */
export const uploadFolder = "/images/uploads/";

/** How many numbered names ("knee-2.jpg", "knee-3.jpg" ...) are tried before giving up. */
const maxTries = 1000;

export interface StorePictureOptions {
  /** The site's public/ folder. */
  publicDir: string;
  /** The folder paths are reported from (the repository: "public/images/uploads/knee.jpg"). */
  root: string;
  limits: PictureLimits;
}

/** Cleans and stores `bytes`, named after `given`; refuses in words (PictureRefused). */
export async function storePicture(
  bytes: Buffer,
  given: string,
  options: StorePictureOptions,
  written?: OnWritten,
): Promise<ImageUploadResponse> {
  const picture = await preparePicture(bytes, options.limits);
  const folder = path.join(options.publicDir, ...uploadFolder.split("/").filter(Boolean));
  await mkdir(folder, { recursive: true });
  const name = pictureName(given, picture.extension);
  const stem = name.slice(0, name.length - picture.extension.length - 1);
  for (let n = 1; n <= maxTries; n++) {
    const candidate = n === 1 ? name : `${stem}-${n}.${picture.extension}`;
    const file = path.join(folder, candidate);
    try {
      // "wx": created here or not at all, so two uploads of one name at once keep both pictures.
      await writeFile(file, picture.bytes, { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    const src = `${uploadFolder}${candidate}`;
    const relative = path.relative(options.root, file).split(path.sep).join("/");
    await written?.([
      {
        path: relative,
        before: undefined,
        after: undefined,
        words: `Picture added: ${src} (${picture.width} × ${picture.height} pixels, metadata removed)`,
      },
    ]);
    return { src, width: picture.width, height: picture.height, bytes: picture.bytes.length };
  }
  throw new Error(`There are already ${maxTries} pictures named like ${name}.`);
}
