/**
 * Parts of a config file as modules of their own:
 *
 * - `import meta from "../../../scripts/vite/page.json?meta"` gives only the fields the route
 *   table needs (route and each) of a config file, not the whole file. The app imports every
 *   page's meta up front and each page's content with its route, so the first load carries one
 *   page's blocks, not all of them.
 * - `…/interface.json?pick=samples,doctorSearch` gives only the named top-level fields: the
 *   layout's interface words go with the app, the blocks' with the blocks that show them
 *   (src/site/config/interface-words.ts);
 * - `…/interface.json?asts=samples,doctorSearch` gives the messages among those fields' texts,
 *   parsed (FormatJS's parser stays out of the bundle: message-asts-plugin.ts), to go with them;
 * - `…/specialities.json?omit=specialities.searchTerms` gives the whole file but for the named
 *   fields of each item of one list: what the browser never shows (the search words, which the
 *   build's search index reads from the file itself) stays out of every page's first load.
 *
 * Vite's own JSON plugin cannot be asked for one field without the whole file ending up in the
 * same chunk (the same module cannot be both eager and lazy, nor in two chunks), hence a module
 * of its own per part.
 */
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";
import { documentTexts } from "../../shared/i18n/texts.ts";
import { parsedMessages } from "./message-asts-plugin.ts";

const query = /\.json\?(meta|(?:pick|asts)=[\w,$]+|omit=\w+\.[\w,]+)$/;
// A virtual id that does not end in .json, so Vite's JSON plugin leaves the generated code alone.
const prefix = "\0config-meta:";
const ending = ".meta.js";

/** The fields of a config file that `?meta` imports give. */
export const metaFields = ["route", "each"] as const;

/** `config` without the fields `spec` ("list.field,field") names in each item of its list `list`. */
function omitted(config: Record<string, unknown>, spec: string): Record<string, unknown> {
  const [list, fields] = spec.split(".");
  const items = config[list];
  if (!Array.isArray(items)) return config;
  const dropped = new Set(fields.split(","));
  const trimmed = items.map((item: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(item).filter(([key]) => !dropped.has(key))),
  );
  return { ...config, [list]: trimmed };
}

/** `read` gives a config file's text; `npm run dev` passes the config check's (config-check-plugin.ts). */
export function configMetaPlugin(read: (file: string) => Promise<string> = (file) => readFile(file, "utf8")): Plugin {
  return {
    name: "config-meta",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const part = query.exec(source)?.[1];
      if (!part) return null;
      const resolved = await this.resolve(source.slice(0, -part.length - 1), importer, { ...options, skipSelf: true });
      return resolved ? `${prefix}${part}:${resolved.id}${ending}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const rest = id.slice(prefix.length, -ending.length);
      const part = rest.slice(0, rest.indexOf(":"));
      const file = rest.slice(part.length + 1);
      this.addWatchFile(file);
      const config = JSON.parse(await read(file)) as Record<string, unknown>;
      if (part.startsWith("omit=")) return `export default ${JSON.stringify(omitted(config, part.slice(5)))};`;
      const fields = part === "meta" ? metaFields : part.slice("pick=".length).split(",");
      const picked = Object.fromEntries(fields.filter((key) => key in config).map((key) => [key, config[key]]));
      const value = part.startsWith("asts=") ? parsedMessages(documentTexts(picked).map((t) => t.value)) : picked;
      return `export default ${JSON.stringify(value)};`;
    },
  };
}
