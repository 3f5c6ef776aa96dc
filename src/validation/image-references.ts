/**
 * References to pictures under public/: the file must exist, a photo needs words, and its size
 * must be the one declared or its frame's (checked for every file by references.ts).
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { isRaster, treatmentImageFrame } from "../shared/image-variants";
import type { RefUse } from "./ajv";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { PixelSize } from "./image-size";
import type { UnplacedProblem } from "./problem";
import { closest } from "./suggest";

/** What the image checks read of a run's reference context (references.ts). */
export interface ImageContext {
  publicDir: string;
  display: (file: string) => string;
  exists: (file: string) => boolean;
  sizeOf: (file: string) => PixelSize | undefined;
  imagePaths: () => string[];
}

/** The problem with an image reference, if any. */
export function checkImage(ref: RefUse, c: ImageContext): UnplacedProblem | undefined {
  const { value, pointer } = ref;
  const { image, inside } = imageFileOf(value, c);
  if (!inside || !c.exists(image))
    return problem(say.MissingImage, pointer, value, c.display(image), closest(value, c.imagePaths()));
  if (!isRaster(value)) return undefined;
  // A photo is content: only a drawing (SVG) may be decorative and go without words.
  if (ref.alt !== undefined && ref.alt.trim() === "")
    return problem(say.ImageWithoutAlt, pointer.replace(/\/src$/, "/alt"), value);
  return checkImageSize(ref, c.sizeOf(image));
}

/** Each context's image files by address (see imageFileOf). */
const imageFiles = new WeakMap<ImageContext, Map<string, { image: string; inside: boolean }>>();

/**
 * The file an image address names under public/, and whether it is inside it, worked out once per
 * address: 10,000 treatments show a few dozen pictures, and path.relative resolves both paths.
 */
function imageFileOf(value: string, c: ImageContext): { image: string; inside: boolean } {
  let known = imageFiles.get(c);
  if (!known) {
    known = new Map();
    imageFiles.set(c, known);
  }
  let file = known.get(value);
  if (!file) {
    const image = path.join(c.publicDir, value);
    file = { image, inside: !path.relative(c.publicDir, image).startsWith("..") };
    known.set(value, file);
  }
  return file;
}

/** Every file under `publicDir/images`, as config names it: "/images/branches/kothapet.svg". */
export function listImages(publicDir: string): string[] {
  const folder = path.join(publicDir, "images");
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${path.relative(publicDir, path.join(e.parentPath, e.name)).split(path.sep).join("/")}`);
}

/** Treatment images: bare paths in collection data and presentations, shown in a fixed frame. */
const framedImage = /^\/(sub_departments\/\d+\/image|image|defaultImage)$/;

/**
 * A raster's declared size must be its real size: the page reserves that room, and the srcset
 * names the build's variants after the declared width (src/shared/image-variants.ts), so a wrong
 * width asks for files that do not exist. Hence an error, not a warning. A treatment image has
 * no size of its own in config: it must fill its frame's width, and should have its shape.
 */
function checkImageSize(ref: RefUse, real: PixelSize | undefined): UnplacedProblem | undefined {
  if (!real) return undefined; // not a picture the header reader knows: the build names it
  const { value, pointer, declared } = ref;
  if (declared) {
    if (declared.width === real.width && declared.height === real.height) return undefined;
    return problem(say.ImageSizeMismatch, pointer.replace(/\/src$/, "/width"), value, real, declared);
  }
  if (!framedImage.test(pointer)) return undefined;
  const frame = treatmentImageFrame;
  if (real.width < frame.width) return problem(say.TreatmentImageTooSmall, pointer, value, real, frame);
  const ratio = real.width / real.height / (frame.width / frame.height);
  if (Math.abs(ratio - 1) > 0.02) return problem(say.TreatmentImageShape, pointer, value, real, frame);
  return undefined;
}
