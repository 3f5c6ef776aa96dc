/**
 * `import meta from "../../../scripts/vite/page.json?meta"` gives only the fields the route table needs (route and
 * each) of a config file, not the whole file. The app imports every page's meta up front and each
 * page's content with its route, so the first load carries one page's blocks, not all of them.
 *
 * Vite's own JSON plugin cannot be asked for one field without the whole file ending up in the
 * same chunk (the same module cannot be both eager and lazy), hence a module of its own.
 */
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

const suffix = "?meta";
// A virtual id that does not end in .json, so Vite's JSON plugin leaves the generated code alone.
const prefix = "\0config-meta:";
const ending = ".meta.js";

/** The fields of a config file that `?meta` imports give. */
export const metaFields = ["route", "each"] as const;

/** `read` gives a config file's text; `npm run dev` passes the config check's (config-check-plugin.ts). */
export function configMetaPlugin(read: (file: string) => Promise<string> = (file) => readFile(file, "utf8")): Plugin {
  return {
    name: "config-meta",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.endsWith(`.json${suffix}`)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { ...options, skipSelf: true });
      return resolved ? `${prefix}${resolved.id}${ending}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length, -ending.length);
      this.addWatchFile(file);
      const config = JSON.parse(await read(file)) as Record<string, unknown>;
      const meta = Object.fromEntries(metaFields.filter((key) => key in config).map((key) => [key, config[key]]));
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}
