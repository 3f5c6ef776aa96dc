/**
 * Fills the built index.html with one prerendered page: its head (title, description, canonical,
 * Open Graph, JSON-LD), the app's HTML, and the data it hydrates with. JSON-LD and the hydration
 * data are data blocks, not scripts, so the content security policy's script-src 'self' holds.
 */
import type { PageInfo } from "./manifest";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON safe inside a <script> element: no '</script>' or '<!--' can end it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The <head> tags of a page. */
export function headTags(info: PageInfo, siteName: string, imageUrl: string): string {
  const title = escapeHtml(info.title);
  const description = escapeHtml(info.description);
  const canonical = escapeHtml(info.canonical);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...info.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join("\n    ");
}

/** The whole HTML document of a page, from the built template. */
export function pageDocument(template: string, info: PageInfo, appHtml: string, siteName: string, imageUrl: string) {
  const head = headTags(info, siteName, imageUrl);
  const data = info.hydration
    ? `<script type="application/json" id="page-data">${scriptJson(info.hydration)}</script>`
    : "";
  return template
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/<meta name="description"[^>]*>/, "")
    .replace("</head>", `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${appHtml}</div>${data}`);
}
