/**
 * Draws a page's social card: a 1200 × 630 PNG with the site's logo and name, the page's kicker
 * (its speciality) and title, and the site's address. satori lays the card out (text wrapped and
 * clamped with a font file we ship, so every machine draws the same card) and writes SVG with the
 * text as outlines; sharp, already the build's image tool, turns that into a PNG.
 *
 * The colours are the site's own (src/site/styles/global.css: --color-primary, --color-accent).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type CardSpec, cardSize } from "./card-spec";

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

/** The card as satori's element tree. `logo` is the logo file's bytes and type, to embed. */
function layout(card: CardSpec, logo: { data: Buffer; type: string } | undefined): Node {
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
      padding: "56px 72px",
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
      logoImage ? null : h("div", { fontSize: 36, fontWeight: 700 }, card.brand),
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
              },
              card.kicker,
            ),
          )
        : null,
      h("div", { display: "block", fontSize: 68, fontWeight: 700, lineHeight: 1.12, lineClamp: 3 }, card.title),
    ),
    h(
      "div",
      { display: "flex", justifyContent: "space-between", alignItems: "center", fontSize: 28, color: colours.soft },
      h("div", { display: "flex" }, card.brand),
      h("div", { display: "flex", fontWeight: 700 }, card.host),
    ),
  );
}

/** Draws one card as PNG bytes. `logo` is the logo file's bytes (an SVG, PNG or JPEG), if it can be read. */
export async function drawCard(card: CardSpec, logo?: { data: Buffer; type: string }): Promise<Buffer> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import("satori"), import("sharp")]);
  const svg = await satori(layout(card, logo) as Parameters<typeof satori>[0], { ...cardSize, fonts: loadFonts() });
  // Full colour: a palette bands the background's gradient.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}
