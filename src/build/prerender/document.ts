/**
 * Fills the built index.html with one prerendered page: its language, its head (title,
 * description, canonical, the page in the other languages, Open Graph, JSON-LD, the language's
 * font), the app's HTML, and the data it hydrates with. JSON-LD and the hydration data are data
 * blocks, not scripts, so the content security policy's script-src 'self' holds.
 */

import type { ShareImage } from "../../shared/social/card-spec";
import type { LanguageFont } from "../fonts";
import type { PageInfo } from "./manifest";
import { hydrationJson, scriptJson } from "./script-json";

/** The fonts of languages that have one (src/build/fonts.ts), by language code. */
export type LanguageFonts = Record<string, LanguageFont>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The <head> tags of a page. Link previews (Open Graph, read by WhatsApp, Facebook and LinkedIn;
 * Twitter's cards, read by X) get the title, description, address, locale and the preview image
 * with its size and text alternative; an image without a known size gets the small card. A page
 * names itself in the other languages (hreflang) and links its language's font, if it has one.
 */
export function headTags(
  info: PageInfo,
  siteName: string,
  image: ShareImage | string,
  locale?: string,
  fonts: LanguageFonts = {},
): string {
  const title = escapeHtml(info.title);
  const description = escapeHtml(info.description);
  const canonical = escapeHtml(info.canonical);
  const shared = typeof image === "string" ? { url: image } : image;
  const url = escapeHtml(shared.url);
  const alt = shared.alt ? escapeHtml(shared.alt) : undefined;
  const large = shared.width !== undefined && shared.height !== undefined;
  const font = fonts[info.lang];
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    ...info.alternates.map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`,
    ),
    // The language's own font's stylesheet; the font itself is preloaded first of all (fontPreload).
    ...(font ? [`<link rel="stylesheet" href="${escapeHtml(font.stylesheet)}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    ...(locale ? [`<meta property="og:locale" content="${escapeHtml(locale)}" />`] : []),
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:image" content="${url}" />`,
    ...(shared.type ? [`<meta property="og:image:type" content="${escapeHtml(shared.type)}" />`] : []),
    ...(large
      ? [
          `<meta property="og:image:width" content="${shared.width}" />`,
          `<meta property="og:image:height" content="${shared.height}" />`,
        ]
      : []),
    ...(alt ? [`<meta property="og:image:alt" content="${alt}" />`] : []),
    `<meta name="twitter:card" content="${large ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${url}" />`,
    ...(alt ? [`<meta name="twitter:image:alt" content="${alt}" />`] : []),
    ...(info.assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
    ...info.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join("\n    ");
}

/**
 * The preload of the page's language font, if it has one (fonts.ts): the page's text waits for
 * that font, so it is asked for before anything else the head links (the entry's script, the
 * site's stylesheet, the language names' faces). Further down, a phone's connection gave it a
 * round trip of its own after theirs, and Lighthouse laid the Telugu page out twice, once without it.
 */
export function fontPreload(lang: string, fonts: LanguageFonts = {}): string {
  const font = fonts[lang];
  return font ? `<link rel="preload" href="${escapeHtml(font.font)}" as="font" type="font/woff2" crossorigin />` : "";
}

/**
 * The template's head without its preload of the language names' face in the page's own script
 * (language-names-font.ts: `names-<family>-<hash>.woff2` beside the page font `<family>-<hash>.woff2`).
 * The switcher shows the page's own language in the page's font, which has that name's letters
 * (fonts.ts), so a Telugu page need not fetch the Telugu names' face: on a phone's connection it
 * shared the first round trips with the page's font, which the page's text waits for.
 */
function withoutOwnNamesFace(beforeHead: string, lang: string, fonts: LanguageFonts): string {
  const font = fonts[lang]?.font;
  if (!font) return beforeHead;
  const slash = font.lastIndexOf("/") + 1;
  const names = `${font.slice(0, slash)}names-${font.slice(slash).replace(/-[0-9a-f]+\.woff2$/, "")}-`;
  const at = beforeHead.indexOf(`<link rel="preload" href="${names}`);
  if (at < 0) return beforeHead;
  const end = beforeHead.indexOf(">", at) + 1;
  // With the line it stood on (the template puts each tag on a line of its own).
  const start = beforeHead.lastIndexOf("\n", at);
  return beforeHead.slice(0, start < 0 ? at : start) + beforeHead.slice(end);
}

/** The template's head with `tags` put before its first link or script (or at its end). */
function firstInHead(beforeHead: string, tags: string): string {
  if (!tags) return beforeHead;
  const at = beforeHead.search(/<(?:link|script)\b/);
  return at < 0 ? `${beforeHead}  ${tags}\n` : `${beforeHead.slice(0, at)}${tags}\n    ${beforeHead.slice(at)}`;
}

/** Open Graph's locale from the template's <html lang>: "en-IN" -> "en_IN". */
export function localeOf(template: string): string | undefined {
  const lang = /<html[^>]*\slang="([A-Za-z]{2,3})(?:-([A-Za-z]{2}))?"/.exec(template);
  if (!lang) return undefined;
  return lang[2] ? `${lang[1].toLowerCase()}_${lang[2].toUpperCase()}` : lang[1].toLowerCase();
}

/** The template cut around the head's end and the root element, once per template. */
let parts: { template: string; beforeHead: string; beforeRoot: string; afterRoot: string; locale?: string } | undefined;

function templateParts(template: string) {
  if (parts?.template === template) return parts;
  const page = template.replace(/<title>[^<]*<\/title>/, "").replace(/<meta name="description"[^>]*>/, "");
  const head = page.indexOf("</head>");
  const root = page.indexOf('<div id="root"></div>', head);
  if (head < 0 || root < 0) throw new Error('The page template has no </head> or no empty <div id="root">.');
  parts = {
    template,
    beforeHead: page.slice(0, head),
    beforeRoot: page.slice(head, root),
    afterRoot: page.slice(root + '<div id="root"></div>'.length),
    locale: localeOf(template),
  };
  return parts;
}

/** The template's <html> start tag in the page's language (the default language's is the template's own). */
function withLang(beforeHead: string, lang: string): string {
  return beforeHead.replace(/<html lang="([^"]*)"/, (tag, own: string) =>
    own.split("-")[0] === lang ? tag : `<html lang="${escapeHtml(lang)}"`,
  );
}

/** The whole HTML document of a page, from the built template. */
export function pageDocument(
  template: string,
  info: PageInfo,
  appHtml: string,
  siteName: string,
  image: ShareImage | string,
  fonts: LanguageFonts = {},
): string {
  return pageDocumentParts(template, info, [appHtml], siteName, image, fonts).join("");
}

/** `pageDocument` with the app's HTML in parts (frame.ts's pageInFrame), in parts: written without joining them. */
export function pageDocumentParts<Part extends string | Uint8Array>(
  template: string,
  info: PageInfo,
  app: readonly Part[],
  siteName: string,
  image: ShareImage | string,
  fonts: LanguageFonts = {},
): (string | Part)[] {
  const { beforeHead: templateHead, beforeRoot, afterRoot, locale: templateLocale } = templateParts(template);
  const beforeHead = firstInHead(
    withoutOwnNamesFace(withLang(templateHead, info.lang), info.lang, fonts),
    fontPreload(info.lang, fonts),
  );
  // Open Graph's locale in the page's language, in the template's country: "te_IN".
  const country = templateLocale?.split("_")[1];
  const locale =
    templateLocale?.split("_")[0] === info.lang ? templateLocale : country ? `${info.lang}_${country}` : info.lang;
  const head = headTags(info, siteName, image, locale, fonts);
  const data = info.hydration
    ? `<script type="application/json" id="page-data">${hydrationJson(info.hydration)}</script>`
    : "";
  // Fetched by the entry once the page has painted (src/site/main.tsx), not before: modulepreload
  // links would compete with the page's styles and images for a slow connection.
  const modules = info.assets?.scripts.length
    ? `<script type="application/json" id="route-modules">${scriptJson(info.assets.scripts)}</script>`
    : "";
  return [`${beforeHead}  ${head}\n  ${beforeRoot}<div id="root">`, ...app, `</div>${data}${modules}${afterRoot}`];
}
