/**
 * Puts the languages' names font (src/build/language-names-font.ts) on every page: the client
 * build writes its faces under assets/fonts/, index.html, the template of every prerendered page,
 * preloads them, and their @font-face rules join the site's base styles
 * (src/site/styles/global.css), so they come in the one stylesheet every page links
 * (chunk-groups.ts) rather than in a stylesheet of their own, which the first paint waited for too
 * (font-src and style-src 'self': no inline style or data: font). The stylesheet's name is the
 * hash of its content, the rules included: new names make a new name. `npm run dev` serves the
 * faces from memory.
 */
import path from "node:path";
import type { HtmlTagDescriptor, Plugin } from "vite";
import { type LanguageNamesFont, languageNamesFont } from "../language-names-font.ts";

export function languageNamesPlugin(root: string): Plugin {
  const cacheDir = path.join(root, "node_modules", ".cache", "language-names");
  let base = "/";
  let made: { key: string; font: Promise<LanguageNamesFont> } | undefined;
  // Made again when site.json's languages change (npm run dev), else once.
  const font = async () => {
    const { readFile } = await import("node:fs/promises");
    const key = await readFile(path.join(root, "site-config", "site.json"), "utf8");
    if (made?.key !== key) made = { key, font: languageNamesFont(root, cacheDir, base) };
    return made.font;
  };
  const tags = (names: LanguageNamesFont): HtmlTagDescriptor[] =>
    names.faces.map(
      (face): HtmlTagDescriptor => ({
        tag: "link",
        attrs: { rel: "preload", href: base + face.fileName, as: "font", type: "font/woff2", crossorigin: true },
        injectTo: "head",
      }),
    );
  const baseStyles = path.join(root, "src", "site", "styles", "global.css");
  // Only the client build writes the files (the server bundle has no pages of its own).
  let writes = false;
  return {
    name: "language-names-font",
    configResolved(config) {
      base = config.base;
      writes = config.command === "build" && !config.build.ssr;
    },
    async buildStart() {
      if (!writes) return;
      const names = await font();
      for (const face of names.faces) this.emitFile({ type: "asset", fileName: face.fileName, source: face.font });
    },
    async transform(code, id) {
      if (path.resolve(id.split("?")[0]) !== baseStyles) return null;
      return { code: `${code}\n${(await font()).stylesheet.css}`, map: null };
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = request.url?.split("?")[0] ?? "";
        if (!url.startsWith(`${base}assets/fonts/`)) return next();
        const names = await font();
        const face = names.faces.find((f) => base + f.fileName === url);
        if (face) {
          response.setHeader("Content-Type", "font/woff2");
          return response.end(face.font);
        }
        next();
      });
    },
    async transformIndexHtml() {
      return tags(await font());
    },
  };
}
