/**
 * The smaller, modern-format copies ("variants") the build makes of every raster image under
 * public/images, and their addresses. The build (src/build/images.ts) and the page
 * (src/site/ui/ConfigImage.tsx) both call this module, so the page can name the files without a
 * manifest: both sides derive the same names from the image's path and width.
 */

/** Widths a page may ask for: a phone (480), a tablet or a 2x phone (768), a desktop column (1200). */
export const variantWidths = [480, 768, 1200] as const;

/** Best first: `<source>` elements are tried in order, and AVIF is smaller than WebP for photos. */
export const variantFormats = ["avif", "webp"] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** The MIME type each format's `<source type>` carries. */
export const variantTypes: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Where the variants live in the built site; reserved, so no image of the site may live there. */
export const variantFolder = "/images/_v/";

/**
 * The box a treatment image is shown in. Treatment images are bare paths in the collection data
 * (no width or height of their own), so the page lays them out in this box and names their
 * variants after its width; the validator checks a raster treatment image is at least this wide.
 */
export const treatmentImageFrame = { width: 800, height: 500 } as const;

/** What this module needs of an image: its path under public/ and its intrinsic width. */
export interface SizedImage {
  src: string;
  width: number;
}

/** One variant: its width (the intrinsic width for the full-size copy), format and address. */
export interface ImageVariant {
  width: number;
  format: VariantFormat;
  url: string;
}

/**
 * Photos the build can resize and re-encode. SVGs are drawings that scale by themselves; AVIF
 * sources are included because a large AVIF still gains from smaller widths.
 */
export function isRaster(src: string): boolean {
  return /\.(png|jpe?g|webp|avif)$/i.test(src);
}

/** Whether the build makes variants of `src`: rasters under /images/ (the folder it reads). */
export function hasVariants(src: string): boolean {
  return src.startsWith("/images/") && !src.startsWith(variantFolder) && isRaster(src);
}

/**
 * The widths the build makes of an image `width` pixels wide: every standard width below it, then
 * the image's own width. Never wider than the image (upscaling only adds bytes), and each width
 * once (an image exactly 768 wide gets 480 and its own 768).
 */
export function widthsFor(width: number): number[] {
  return [...variantWidths.filter((w) => w < width), width];
}

/**
 * A variant's address: `/images/_v/<path>-<w>w.<format>` for a standard width, and
 * `/images/_v/<path>.<format>` for the full-size copy. `<path>` keeps its extension, so
 * `a.png` and `a.jpg` in one folder do not share names. The full-size copy's name carries no
 * width on purpose: it exists whatever the file's real width, so a page whose idea of the width
 * is off (a treatment image in its 800 px frame) still names a file that exists.
 */
export function variantUrl(src: string, width: number | "full", format: VariantFormat): string {
  const rest = src.slice("/images/".length);
  return `${variantFolder}${rest}${width === "full" ? "" : `-${width}w`}.${format}`;
}

/** Every variant of one format of an image, narrowest first; none for an SVG. */
export function imageVariants(image: SizedImage, format: VariantFormat): ImageVariant[] {
  if (!hasVariants(image.src)) return [];
  return widthsFor(image.width).map((width) => ({
    width,
    format,
    url: variantUrl(image.src, width === image.width ? "full" : width, format),
  }));
}

/** The `srcset` of one format: "url 480w, url 768w, url 1600w". */
export function srcSetFor(image: SizedImage, format: VariantFormat): string {
  return imageVariants(image, format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(", ");
}
