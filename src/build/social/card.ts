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
export const cardDesign = "card-3";

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

/** The card as satori's element tree. `logo` is the logo file's bytes and type, to embed. */
function layout(card: CardSpec, logo: { data: Buffer; type: string } | undefined, drawn: Drawn = {}): Node {
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
  return h(
    "div",
    {
      width: cardSize.width,
      height: cardSize.height,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: `${padding.y}px ${padding.x}px`,
      boxSizing: "border-box",
      background: `linear-gradient(135deg, ${colours.primary} 0%, ${colours.primaryDark} 100%)`,
      color: "#ffffff",
      fontFamily: "Inter",
    },
    h(
      "div",
      { display: "flex", alignItems: "center", gap: 24 },
      logoImage
        ? h("div", { display: "flex", padding: "10px 18px", background: "#ffffff", borderRadius: 16 }, logoImage)
        : null,
      logoImage
        ? null
        : h("div", { display: "flex", fontSize: 36, fontWeight: 700 }, drawn.brand ? image(drawn.brand) : card.brand),
    ),
    h(
      "div",
      { display: "flex", flexDirection: "column", gap: 20 },
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
    ),
    h(
      "div",
      { display: "flex", justifyContent: "space-between", alignItems: "center", fontSize: 28, color: colours.soft },
      h("div", { display: "flex" }, drawn.brand ? image(drawn.brand) : card.brand),
      h("div", { display: "flex", fontWeight: 700 }, card.host),
    ),
  );
}

/** The texts of `card` in a script satori cannot shape, drawn (the same sizes as satori's). */
async function drawScriptTexts(card: CardSpec, cacheDir: string): Promise<Drawn> {
  const width = cardSize.width - 2 * padding.x;
  const drawn: Drawn = {};
  const texts = [
    ["title", card.title, { size: title.size, weight: 700, color: "#ffffff", maxHeight: 3 * 1.5 * title.size }],
    ["kicker", card.kicker, { size: 30, weight: 700, color: "#ffffff", maxHeight: 60 }],
    // At the foot's size (a card without a logo shows it at the top in that size too).
    ["brand", card.brand, { size: 28, weight: 400, color: colours.soft, maxHeight: 42 }],
  ] as const;
  for (const [key, text, options] of texts) {
    const font = text ? scriptFontOf(text) : undefined;
    if (text && font) drawn[key] = await scriptText(text, font, { ...options, width, cacheDir });
  }
  return drawn;
}

/**
 * Draws one card as PNG bytes. `logo` is the logo file's bytes (an SVG, PNG or JPEG), if it can be
 * read; `cacheDir` keeps the TrueType fonts a Telugu or Devanagari text is drawn with.
 */
export async function drawCard(card: CardSpec, logo?: { data: Buffer; type: string }, cacheDir = "."): Promise<Buffer> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import("satori"), import("sharp")]);
  const drawn = await drawScriptTexts(card, cacheDir);
  const svg = await satori(layout(card, logo, drawn) as Parameters<typeof satori>[0], {
    ...cardSize,
    fonts: loadFonts(),
  });
  // Full colour: a palette bands the background's gradient.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}
