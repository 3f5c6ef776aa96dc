import type { Image } from "../generated/defs";

interface ConfigImageProps {
  image: Image;
  className?: string;
  /** Overrides the config's text, e.g. "" where a link's own text already says it. */
  alt?: string;
  /** Below the fold: let the browser fetch it when it comes near. */
  lazy?: boolean;
  /** The page's main image (the largest paint): fetch it first. */
  priority?: boolean;
}

/** A config image with its intrinsic size, so the page does not jump while it loads. */
export function ConfigImage({ image, className, alt, lazy, priority }: ConfigImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      alt={alt ?? image.alt}
      width={image.width}
      height={image.height}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}
