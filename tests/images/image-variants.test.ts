import { describe, expect, it } from "vitest";
import {
  hasVariants,
  imageVariants,
  isRaster,
  srcSetFor,
  variantUrl,
  widthsFor,
} from "../../src/shared/image-variants";

describe("image variants", () => {
  it("offers every standard width below the image's own, then its own width", () => {
    expect(widthsFor(1600)).toEqual([480, 768, 1200, 1600]);
    expect(widthsFor(1000)).toEqual([480, 768, 1000]);
  });

  it("never offers a width wider than the image, and each width once", () => {
    expect(widthsFor(768)).toEqual([480, 768]);
    expect(widthsFor(480)).toEqual([480]);
    expect(widthsFor(300)).toEqual([300]);
  });

  it("names variants under /images/_v/ by path, width and format, the full-size copy without a width", () => {
    expect(variantUrl("/images/branches/kukatpally.jpg", 480, "avif")).toBe(
      "/images/_v/branches/kukatpally.jpg-480w.avif",
    );
    expect(variantUrl("/images/branches/kukatpally.jpg", "full", "webp")).toBe(
      "/images/_v/branches/kukatpally.jpg.webp",
    );
  });

  it("keeps the extension in the name, so a.png and a.jpg get different variants", () => {
    expect(variantUrl("/images/a.png", 480, "avif")).not.toBe(variantUrl("/images/a.jpg", 480, "avif"));
  });

  it("lists a raster's variants of one format, narrowest first, the last at the intrinsic width", () => {
    const image = { src: "/images/home/hero.jpg", width: 1000 };
    expect(imageVariants(image, "webp")).toEqual([
      { width: 480, format: "webp", url: "/images/_v/home/hero.jpg-480w.webp" },
      { width: 768, format: "webp", url: "/images/_v/home/hero.jpg-768w.webp" },
      { width: 1000, format: "webp", url: "/images/_v/home/hero.jpg.webp" },
    ]);
    expect(srcSetFor(image, "avif")).toBe(
      "/images/_v/home/hero.jpg-480w.avif 480w, /images/_v/home/hero.jpg-768w.avif 768w, /images/_v/home/hero.jpg.avif 1000w",
    );
  });

  it("treats jpg, jpeg, png, webp and avif as raster, in any case, and SVG as not", () => {
    for (const src of ["/images/a.jpg", "/images/a.JPEG", "/images/a.png", "/images/a.webp", "/images/a.avif"])
      expect(isRaster(src)).toBe(true);
    expect(isRaster("/images/a.svg")).toBe(false);
  });

  it("has no variants for an SVG, an image outside /images/, or a file in the variants folder", () => {
    expect(imageVariants({ src: "/images/logo.svg", width: 180 }, "avif")).toEqual([]);
    expect(hasVariants("/favicon.png")).toBe(false);
    expect(hasVariants("/images/_v/a.jpg")).toBe(false);
    expect(hasVariants("/images/a.jpg")).toBe(true);
  });
});
