/**
 * Parses the site's ICU messages at build time (FormatJS's recommended way to ship messages
 * without the parser; the bundle's parser is FormatJS's parser-less stand-in, see vite.config.ts):
 *
 * - the default language's messages (every text of site-config/ outside i18n/ with a '{') fill
 *   src/site/i18n/message-asts.ts, which every page has, but for the blocks' interface words:
 *   those travel with the blocks' words (`?asts=` of config-meta-plugin.ts, src/site/i18n/block-words.ts);
 * - a translation file's messages travel in that file, as its `asts` (src/site/i18n/translations.ts
 *   registers them when the file loads), so an English page carries no Telugu message;
 * - src/site/i18n/unparsed.ts, FormatJS for messages nobody parsed, becomes `undefined`: with
 *   every message parsed, FormatJS's formatter is a chunk of its own that only the messages
 *   needing more than their placeholders filled in load (src/site/i18n/format.ts).
 *
 * A text that is not a valid message is left out: the site shows it as written (the validator
 * refuses such a translation).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import { isDataFileName, settingsFileName } from "../../shared/collections/store.ts";
import { blockWordSections, prerenderWordSections } from "../../shared/i18n/interface-sections.ts";
import { documentTexts } from "../../shared/i18n/texts.ts";

/**
 * The English files whose texts may be messages: not translations, and not the treatments (their
 * texts are shown as written, published one treatment at a time; reading 10,000 of them took a
 * second of every client build). A collection folder's settings stay, and a collection file's.
 */
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "i18n"
        ? []
        : isDataFileName(`${e.name}.json`)
          ? [path.join(dir, e.name, settingsFileName)]
          : walk(path.join(dir, e.name))
      : e.name.endsWith(".json")
        ? [path.join(dir, e.name)]
        : [],
  );

/** A file's document without its treatments (a collection file's `sub_departments`). */
function withoutTreatments(file: string, doc: Record<string, unknown>) {
  if (!isDataFileName(path.basename(file))) return doc;
  const { sub_departments: _, ...settings } = doc;
  return settings;
}

/** The messages among `texts`, parsed, by their text. */
export function parsedMessages(texts: Iterable<unknown>): Record<string, unknown> {
  const asts: Record<string, unknown> = {};
  for (const text of texts) {
    if (typeof text !== "string" || !text.includes("{") || text in asts) continue;
    try {
      asts[text] = parse(text, { ignoreTag: true, requiresOtherClause: true });
    } catch {
      // Not a message: shown as written.
    }
  }
  return asts;
}

/**
 * The default language's messages: the texts of every English file of the site folder, but for
 * interface.json's blocks' and prerenderer's sections (they come with those words).
 */
export function englishMessages(siteRoot: string): Record<string, unknown> {
  const interfaceFile = path.join(siteRoot, "interface.json");
  const withoutBlockWords = (file: string, doc: Record<string, unknown>) => {
    if (path.resolve(file) !== path.resolve(interfaceFile)) return doc;
    const rest = { ...doc };
    for (const section of [...blockWordSections, ...prerenderWordSections]) delete rest[section];
    return rest;
  };
  return parsedMessages(
    walk(siteRoot).flatMap((file) =>
      documentTexts(withoutBlockWords(file, withoutTreatments(file, JSON.parse(readFileSync(file, "utf8"))))).map(
        (t) => t.value,
      ),
    ),
  );
}

export function messageAstsPlugin(root: string): Plugin {
  const target = path.join(root, "src/site/i18n/message-asts.ts");
  const unparsed = path.join(root, "src/site/i18n/unparsed.ts");
  const siteRoot = path.join(root, "site-config");
  const translations = path.join(siteRoot, "i18n") + path.sep;
  return {
    name: "message-asts",
    apply: "build",
    // Before Vite's JSON plugin turns the translation into a module.
    enforce: "pre",
    transform(code, id) {
      const file = path.resolve(id.split("?")[0]);
      if (file === target) {
        for (const english of walk(siteRoot)) this.addWatchFile(english);
        return { code: `export const messageAsts = ${JSON.stringify(englishMessages(siteRoot))};\n`, map: null };
      }
      if (file === unparsed) return { code: "export const unparsedFormat = undefined;\n", map: null };
      if (file.startsWith(translations) && file.endsWith(".json")) {
        const doc = JSON.parse(code) as { strings?: Record<string, unknown> };
        const asts = parsedMessages(Object.values(doc.strings ?? {}));
        return Object.keys(asts).length > 0 ? { code: JSON.stringify({ ...doc, asts }), map: null } : null;
      }
      return null;
    },
  };
}
