import { preload } from "react-dom";
import type { Image } from "../../shared/generated/defs";
import { hasVariants, srcSetFor, variantFormats, variantTypes, variantUrl } from "../../shared/image-variants";
import "./config-image.css";

interface ConfigImageProps {
  image: Image;
  className?: string;
  /** Overrides the config's text, e.g. "" where a link's own text already says it. */
  alt?: string;
  /** Below the fold: let the browser fetch it when it comes near. */
  lazy?: boolean;
  /**
   * "high": the page's main image (the largest paint), fetched first. "low": a small image that
   * is not what the page is about (the logo, a badge): fetched after what the first paint needs
   * (the styles, the fonts, the main image), which a phone's connection would otherwise share
   * with it. Without it, the browser's own order: images in view before the others.
   */
  priority?: "high" | "low";
  /**
   * A media query where the page's CSS hides the image ("(max-width: 599px)"): there the browser
   * picks an empty picture instead and fetches nothing (an <img> the CSS hides is still fetched).
   */
  hiddenOn?: string;
  /**
   * How wide the image is shown, as the `sizes` attribute says it ("(max-width: 599px) 112px,
   * 400px"), so a phone picks a narrow variant. Only raster images use it. The default, the
   * viewport's width, is never too small, only sometimes larger than needed.
   */
  sizes?: string;
}

/**
 * Vite's dev server (and the editor, which runs on it) serves public/ as it is: the variants are
 * made by `npm run build` only, so there the original is shown. A production build (the client
 * bundle and the prerenderer alike) has DEV false. `import.meta.env` is absent outside Vite.
 */
const variantsBuilt = () => !import.meta.env?.DEV;

/**
 * A config image with its intrinsic size, so the page does not jump while it loads. A raster
 * image under /images/ becomes a `<picture>` offering the build's AVIF and WebP variants
 * (src/shared/image-variants.ts names them), with the original as the fallback; an SVG stays one
 * `<img>`. The output depends on nothing but the props, so the prerendered HTML and the
 * hydrating client agree.
 */
/** A transparent 1 x 1 GIF: what a <picture> shows where its image is hidden (no request). */
const nothing = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

export function ConfigImage({ image, className, alt, lazy, priority, hiddenOn, sizes = "100vw" }: ConfigImageProps) {
  const img = (
    <img
      className={className}
      src={image.src}
      alt={alt ?? image.alt}
      width={image.width}
      height={image.height}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={priority}
      decoding="async"
    />
  );
  // Listed first, so it wins where it matches.
  const hidden = hiddenOn ? <source media={hiddenOn} srcSet={nothing} /> : null;
  if (!variantsBuilt() || !hasVariants(image.src)) {
    return hidden ? (
      <picture className="config-image">
        {hidden}
        {img}
      </picture>
    ) : (
      img
    );
  }
  if (priority === "high") {
    // React preloads a prioritised <img> by itself (a <link rel=preload> in the head), but not
    // one inside a <picture>, whose choice it cannot know. Preload the AVIF choice: `type` makes
    // a browser without AVIF skip the hint, and it then finds the <picture> in the HTML as usual.
    preload(variantUrl(image.src, "full", "avif"), {
      as: "image",
      type: variantTypes.avif,
      imageSrcSet: srcSetFor(image, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
      ...(hiddenOn ? { media: `not all and ${hiddenOn}` } : {}),
    });
  }
  // The picture box is display: contents (config-image.css), so the <img> keeps its place in the
  // caller's flex and grid layouts and the callers' CSS still sizes the <img> itself.
  return (
    <picture className="config-image">
      {hidden}
      {variantFormats.map((format) => (
        <source key={format} type={variantTypes[format]} srcSet={srcSetFor(image, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
