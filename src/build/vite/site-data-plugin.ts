/**
 * Serves the treatment collections at the paths the spec's pages fetch them from
 * (assets/data/{name}-sub-departments.json): from site-config/collections/ while developing, and
 * copied into the build output by `vite build`.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

const dataPrefix = "/assets/data/";

/** `read` gives a config file's text; `npm run dev` passes the config check's (config-check-plugin.ts). */
export function siteDataPlugin(
  root: string,
  read: (file: string) => Promise<string | Buffer> = (file) => readFile(file),
): Plugin {
  const collectionsDir = path.join(root, "site-config", "collections");
  const dataFiles = async () => (await readdir(collectionsDir)).filter((f) => f.endsWith("-sub-departments.json"));
  return {
    name: "site-data",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(dataPrefix)) return next();
        const name = url.slice(dataPrefix.length);
        if (!(await dataFiles()).includes(name)) return next();
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.end(await read(path.join(collectionsDir, name)));
      });
    },
    async generateBundle() {
      for (const name of await dataFiles()) {
        this.emitFile({
          type: "asset",
          fileName: `assets/data/${name}`,
          source: await readFile(path.join(collectionsDir, name), "utf8"),
        });
      }
    },
  };
}
