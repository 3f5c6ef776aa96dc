/**
 * What a page's link preview shows: either a card the build draws (the page's title, its
 * speciality or kind, and the site's brand) or an image the page's config names. Pure data, made
 * with the page's other head facts (manifest.ts); drawing happens in card.ts.
 */

/** A social card to draw, 1200 × 630. */
export interface CardSpec {
  /** The big line: the page's heading or title. */
  title: string;
  /** A small line above it: the speciality ("Cardiology"), or what kind of page it is. */
  kicker?: string;
  /** The site's name, beside its logo. */
  brand: string;
  /** The logo's address under public/ ("/images/logo.svg"). */
  logo: string;
  /** The site's host, shown at the foot ("www.hospitals.example"). */
  host: string;
}

/** An image a page names in its config instead of a drawn card. */
export interface OwnImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** What a page's link preview is made from. */
export type ShareSource = { card: CardSpec } | { image: OwnImage };

/** A link preview image as the page's head names it. */
export interface ShareImage {
  /** Absolute address. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  type?: string;
}

/** The size every card is drawn at: what Facebook, WhatsApp, LinkedIn and X show best (1.91:1). */
export const cardSize = { width: 1200, height: 630 } as const;

/** The text alternative of a card: what it says, in reading order. */
export function cardAlt(card: CardSpec): string {
  return `${card.title}${card.kicker ? ` (${card.kicker})` : ""}, ${card.brand}`;
}

/** The share image of a page that names its own: its address made absolute, and its type. */
export function ownShareImage(image: OwnImage, canonicalBase: string): ShareImage {
  const type = /\.png$/i.test(image.src) ? "image/png" : "image/jpeg";
  return { url: `${canonicalBase}${image.src}`, width: image.width, height: image.height, alt: image.alt, type };
}
