/**
 * The hosted editor's app, built ahead with Vite (no dev server in production): the editor's
 * pages and its preview frame, from a checkout of the site (the published branch's worktree), so
 * the preview shows the published site with the person's drafts applied. Built once per
 * published commit into `<outRoot>/<commit>/`; a build that exists is used as it is.
 *
 * The pages are served at /editor/ and /editor/preview, their files under /editor/assets/, apart
 * from the site's own /assets/ that the preview of a change set serves on the same origin.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { editorPages, pageHtml } from "../vite-app";

export interface BuiltApp {
  /** The folder holding editor/index.html, editor/preview/index.html and editor/assets/. */
  dir: string;
}

/** The entry pages, as files inside the checkout (Vite builds from HTML files under its root). */
async function writeEntries(root: string): Promise<Record<string, string>> {
  const inputs: Record<string, string> = {};
  for (const [route, page] of Object.entries(editorPages)) {
    const relative = path.join(".editor-app", route.replace(/^\//, ""), "index.html");
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    const depth = relative.split(path.sep).length - 1;
    const entry = `${"../".repeat(depth)}${page.entry.replace(/^\//, "")}`;
    await writeFile(file, pageHtml({ ...page, entry }));
    inputs[route === "/editor/" ? "editor" : "preview"] = file;
  }
  return inputs;
}

/** Builds the editor app from `root` (a checkout with node_modules) into `<outRoot>/<key>`. */
export async function buildEditorApp(root: string, outRoot: string, key: string): Promise<BuiltApp> {
  const dir = path.join(outRoot, key);
  if (existsSync(path.join(dir, "editor", "index.html"))) return { dir };
  const { build } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const { siteDataPlugin, configMetaPlugin } = await import("../../../build");
  const inputs = await writeEntries(root);
  // Several editors may build one commit at once (test files running side by side as threads of
  // one process): each builds in a folder of its own, and the first to finish provides the app.
  const staging = `${dir}.staging-${process.pid}-${randomUUID()}`;
  const production = JSON.stringify("production");
  // React's production build and JSX runtime, whatever the process runs as (tests run as "test"):
  // Vite and the React plugin read NODE_ENV while they build; the process's own is put back.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: false,
      mode: "production",
      // As in `npm run edit`: the preview shows the site's original images, not built variants.
      define: { "import.meta.env.DEV": "true", "process.env.NODE_ENV": production },
      root: path.join(root, ".editor-app"),
      publicDir: false,
      cacheDir: path.join(root, ".editor-app", ".vite"),
      logLevel: "warn",
      plugins: [react(), configMetaPlugin(), siteDataPlugin(root)],
      resolve: { alias: { "@site-config": path.join(root, "site-config") } },
      build: {
        outDir: staging,
        emptyOutDir: true,
        assetsDir: "editor/assets",
        reportCompressedSize: false,
        rollupOptions: { input: inputs },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  try {
    await rename(staging, dir);
  } catch (error) {
    // Another build of this commit finished first (its folder is complete), or a folder was left
    // without its pages by a build stopped half-way, which is replaced.
    if (existsSync(path.join(dir, "editor", "index.html"))) await rm(staging, { recursive: true, force: true });
    else {
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir).catch(() => {
        throw error;
      });
    }
  }
  return { dir };
}
