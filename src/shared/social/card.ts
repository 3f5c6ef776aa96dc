/**
 * Draws a page's social card: a 1200 × 630 PNG with the site's logo and name, the page's kicker
 * (its speciality) and title, and the site's address. satori lays the card out (text wrapped and
 * clamped with a font file we ship, so every machine draws the same card) and writes SVG with the
 * text as outlines; sharp, already the build's image tool, turns that into a PNG. A text in Telugu
 * or Devanagari (a translated page's card) is drawn by script-text.ts and placed as an image.
 *
 * The colours are the site's own (src/site/styles/global.css: --color-primary, --color-accent).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type CardSpec, cardSize } from "./card-spec";
import { scriptFontOf, scriptText, type TextImage } from "./script-text";

const colours = { primary: "#0b5d6b", primaryDark: "#083f49", accent: "#c2410c", soft: "#e6f2f4" };

/** Bump when the drawing changes, so cached cards are drawn again. */
export const cardDesign = "card-4";

const require = createRequire(import.meta.url);
const fontFile = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: "normal" }[] | undefined;

function loadFonts() {
  fonts ??= [
    { name: "Inter", data: readFileSync(fontFile(400)), weight: 400, style: "normal" },
    { name: "Inter", data: readFileSync(fontFile(700)), weight: 700, style: "normal" },
  ];
  return fonts;
}

/** The font files cards are drawn with (part of what a cached card depends on). */
export const cardFontFiles = () => [fontFile(400), fontFile(700)];

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string | null)[]): Node => ({
  type,
  props: { style, children: children.filter((c) => c !== null) },
});

/** The card's texts that script-text.ts drew (a text in a script satori cannot shape). */
type Drawn = Partial<Record<"title" | "kicker" | "brand", TextImage>>;

const image = (drawn: TextImage): Node => ({
  type: "img",
  props: {
    src: drawn.src,
    width: drawn.width,
    height: drawn.height,
    style: { width: drawn.width, height: drawn.height },
  },
});

/** Sizes shared by the layout and the texts drawn for it. */
const title = { size: 68, lines: 3, lineHeight: 1.12 };
const padding = { x: 72, y: 56 };
/**
 * The card's three bands, top to bottom: the logo (or the brand), the page's words, and the foot
 * (brand and host). Their heights are fixed so the page's band can be drawn alone and placed on a
 * template drawn once per site: the words are centred in their band, as they were between a logo
 * and a foot laid out by flexbox.
 */
const band = {
  top: { y: padding.y, height: 92 },
  foot: { y: cardSize.height - padding.y - 34, height: 34 },
} as const;
const words = { y: band.top.y + band.top.height, height: band.foot.y - band.top.y - band.top.height };
const innerWidth = cardSize.width - 2 * padding.x;

type Logo = { data: Buffer; type: string };

/** What every card of a site shows the same: the background, the logo or brand, and the foot. */
function templateLayout(card: CardSpec, logo: Logo | undefined, drawn: Drawn): Node {
  const logoImage = logo
    ? ({
        type: "img",
        props: {
          src: `data:${logo.type};base64,${logo.data.toString("base64")}`,
          height: 72,
          style: { height: 72 },
        },
      } as Node)
    : null;
  const at = (y: number, height: number, style: Record<string, unknown>, ...children: (Node | string | null)[]) =>
    h(
      "div",
      { position: "absolute", left: padding.x, top: y, width: innerWidth, height, display: "flex", ...style },
      ...children,
    );
  return h(
    "div",
    {
      width: cardSize.width,
      height: cardSize.height,
      display: "flex",
      position: "relative",
      background: `linear-gradient(135deg, ${colours.primary} 0%, ${colours.primaryDark} 100%)`,
      color: "#ffffff",
      fontFamily: "Inter",
    },
    at(
      band.top.y,
      band.top.height,
      { alignItems: "center" },
      logoImage
        ? h("div", { display: "flex", padding: "10px 18px", background: "#ffffff", borderRadius: 16 }, logoImage)
        : h("div", { display: "flex", fontSize: 36, fontWeight: 700 }, drawn.brand ? image(drawn.brand) : card.brand),
    ),
    at(
      band.foot.y,
      band.foot.height,
      { justifyContent: "space-between", alignItems: "center", fontSize: 28, color: colours.soft },
      h("div", { display: "flex" }, drawn.brand ? image(drawn.brand) : card.brand),
      h("div", { display: "flex", fontWeight: 700 }, card.host),
    ),
  );
}

/** The page's own band: its kicker and title, centred, on a transparent ground. */
function wordsLayout(card: CardSpec, drawn: Drawn): Node {
  return h(
    "div",
    {
      width: innerWidth,
      height: words.height,
      display: "flex",
      flexDirection: "column",
      justifyContent: "center",
      gap: 20,
      color: "#ffffff",
      fontFamily: "Inter",
    },
    card.kicker
      ? h(
          "div",
          { display: "flex" },
          h(
            "div",
            {
              background: colours.accent,
              color: "#ffffff",
              fontSize: 30,
              fontWeight: 700,
              padding: "6px 20px",
              borderRadius: 999,
              display: "flex",
            },
            drawn.kicker ? image(drawn.kicker) : card.kicker,
          ),
        )
      : null,
    drawn.title
      ? h("div", { display: "flex" }, image(drawn.title))
      : h(
          "div",
          {
            display: "block",
            fontSize: title.size,
            fontWeight: 700,
            lineHeight: title.lineHeight,
            lineClamp: title.lines,
          },
          card.title,
        ),
  );
}

/** The texts of `card` in a script satori cannot shape, drawn (the same sizes as satori's). */
async function drawScriptTexts(
  texts: readonly (readonly [
    keyof Drawn,
    string | undefined,
    { size: number; weight: 400 | 700; color: string; maxHeight: number },
  ])[],
  cacheDir: string,
): Promise<Drawn> {
  const drawn: Drawn = {};
  for (const [key, text, options] of texts) {
    const font = text ? scriptFontOf(text) : undefined;
    if (text && font) drawn[key] = await scriptText(text, font, { ...options, width: innerWidth, cacheDir });
  }
  return drawn;
}

const svgOf = async (node: Node, size: { width: number; height: number }) => {
  const { default: satori } = await import("satori");
  return Buffer.from(await satori(node as Parameters<typeof satori>[0], { ...size, fonts: loadFonts() }));
};

/**
 * The site's template as raw RGB pixels, drawn once per logo, brand and host in this process: it
 * is most of a card's pixels and the same on every card, so a card draws only its own band.
 */
const templates = new Map<string, Promise<Buffer>>();
function template(card: CardSpec, logo: Logo | undefined, cacheDir: string): Promise<Buffer> {
  const key = JSON.stringify([card.brand, card.host, logo?.type, logo?.data.toString("base64")]);
  let made = templates.get(key);
  if (!made) {
    made = (async () => {
      const { default: sharp } = await import("sharp");
      // At the foot's size (a card without a logo shows it at the top in that size too).
      const drawn = await drawScriptTexts(
        [["brand", card.brand, { size: 28, weight: 400, color: colours.soft, maxHeight: 42 }]],
        cacheDir,
      );
      const svg = await svgOf(templateLayout(card, logo, drawn), cardSize);
      return sharp(svg).removeAlpha().raw().toBuffer();
    })();
    templates.set(key, made);
    made.catch(() => templates.delete(key));
  }
  return made;
}

/**
 * Draws one card as PNG bytes. `logo` is the logo file's bytes (an SVG, PNG or JPEG), if it can be
 * read; `cacheDir` keeps the TrueType fonts a Telugu or Devanagari text is drawn with.
 *
 * A card costs its own words only: the template (background, logo, foot) is drawn once, the
 * page's band is laid out by satori alone and composited onto it, and the PNG is written with
 * zlib's default level and no per-row filter search, which on this gradient is both the smallest
 * and some eight times faster than level 9 with adaptive filtering.
 */
export async function drawCard(card: CardSpec, logo?: Logo, cacheDir = "."): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const [ground, drawn] = await Promise.all([
    template(card, logo, cacheDir),
    drawScriptTexts(
      [
        ["title", card.title, { size: title.size, weight: 700, color: "#ffffff", maxHeight: 3 * 1.5 * title.size }],
        ["kicker", card.kicker, { size: 30, weight: 700, color: "#ffffff", maxHeight: 60 }],
      ],
      cacheDir,
    ),
  ]);
  const svg = await svgOf(wordsLayout(card, drawn), { width: innerWidth, height: words.height });
  const band = await sharp(svg).ensureAlpha().raw().toBuffer();
  return sharp(blend(ground, band), { raw: { ...cardSize, channels: 3 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * The template with the page's band (RGBA, `innerWidth` × `words.height`) laid over it at its
 * place: a copy, the template stays as it was. Done here rather than by sharp's composite, which
 * works the whole card in four channels and took three times as long; most of the band is
 * transparent and skipped.
 */
function blend(ground: Buffer, band: Buffer): Buffer {
  const out = Buffer.from(ground);
  const rowBytes = cardSize.width * 3;
  for (let y = 0; y < words.height; y++) {
    let to = (words.y + y) * rowBytes + padding.x * 3;
    let from = y * innerWidth * 4;
    for (let x = 0; x < innerWidth; x++, to += 3, from += 4) {
      const alpha = band[from + 3];
      if (alpha === 0) continue;
      if (alpha === 255) {
        out[to] = band[from];
        out[to + 1] = band[from + 1];
        out[to + 2] = band[from + 2];
      } else
        for (let c = 0; c < 3; c++)
          out[to + c] = Math.round((band[from + c] * alpha + out[to + c] * (255 - alpha)) / 255);
    }
  }
  return out;
}
