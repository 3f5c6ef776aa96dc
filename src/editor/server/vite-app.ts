/**
 * Serves the editor's pages, its live preview and the whole site through Vite's dev server in
 * middleware mode, on the editor's own port. The site is served from the folder being edited, so
 * `/home` shows the header as saved, and a saved treatment is at its route at once.
 *
 * The Vite config is inline rather than the project's vite.config.ts, because the site's data
 * plugin and the config imports must read the edited folder (a temporary copy in tests).
 */
import type { Server } from "node:http";
import path from "node:path";
import type { InlineConfig, Plugin, PluginOption, ViteDevServer } from "vite";

export interface ViteAppOptions {
  projectRoot: string;
  siteRoot: string;
  publicDir: string;
  httpServer: Server;
}

/** The editor's own pages: the app, and the preview frame it renders the site into. */
export const editorPages: Record<string, { title: string; entry: string }> = {
  "/editor/": { title: "Site editor", entry: "/src/editor/app/main.tsx" },
  "/editor/preview": { title: "Preview", entry: "/src/editor/preview/main.tsx" },
};

export function pageHtml(page: { title: string; entry: string }): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${page.title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="${page.entry}"></script>
  </body>
</html>
`;
}

/**
 * Makes the site's imports of `<project>/site-config/...` read `siteRoot` instead, when the editor
 * edits another folder (tests edit a temporary copy).
 */
export function siteFolderPlugin(projectRoot: string, siteRoot: string): Plugin {
  const real = path.join(projectRoot, "site-config") + path.sep;
  return {
    name: "editor-site-folder",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !source.includes("site-config")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.startsWith(real)) return null;
      return path.join(siteRoot, resolved.id.slice(real.length));
    },
  };
}

/**
 * A config file that changes on disk (a save, a pull) must not hot-reload the pages: Vite would
 * send the editor a full reload and lose what the person has not saved yet. The changed modules
 * are still invalidated, so the next page load reads the new file; the preview shows drafts
 * posted by the editor, not files.
 */
function quietConfigPlugin(siteRoot: string): Plugin {
  const folder = path.resolve(siteRoot) + path.sep;
  return {
    name: "editor-quiet-config",
    hotUpdate(options) {
      if (options.file.startsWith(folder)) return [];
    },
  };
}

export async function createViteApp(options: ViteAppOptions): Promise<ViteDevServer> {
  const { createServer } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const { siteDataPlugin, configMetaPlugin } = await import("../../build");
  const { projectRoot, siteRoot } = options;
  const edited = path.resolve(siteRoot) !== path.join(projectRoot, "site-config");
  // React's production build, for the editor's own code and its dependencies alike: the development
  // build checks every element it creates, which made opening a treatment page take ~0.6 s instead
  // of ~0.3 s; neither the content team nor the preview needs those checks or fast refresh. Vite
  // and the React plugin read NODE_ENV while the server is made; the process's own is put back.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    return await createServer(editorConfig(options, react, siteDataPlugin, configMetaPlugin, edited));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

function editorConfig(
  options: ViteAppOptions,
  react: () => PluginOption,
  siteDataPlugin: (root: string) => Plugin,
  configMetaPlugin: () => Plugin,
  edited: boolean,
): InlineConfig {
  const { projectRoot, siteRoot } = options;
  const production = JSON.stringify("production");
  return {
    configFile: false,
    mode: "production",
    // The site's images have no built variants here (npm run build makes them): the preview shows
    // the originals, as `npm run dev` does (src/site/ui/ConfigImage.tsx).
    define: { "import.meta.env.DEV": "true", "process.env.NODE_ENV": production },
    root: projectRoot,
    publicDir: options.publicDir,
    cacheDir: path.join(projectRoot, "node_modules", ".vite-editor"),
    appType: "spa",
    logLevel: "warn",
    clearScreen: false,
    plugins: [
      react(),
      configMetaPlugin(),
      siteDataPlugin(path.dirname(siteRoot)),
      quietConfigPlugin(siteRoot),
      ...(edited ? [siteFolderPlugin(projectRoot, siteRoot)] : []),
    ],
    resolve: { alias: { "@site-config": siteRoot } },
    server: {
      middlewareMode: true,
      hmr: { server: options.httpServer },
      fs: { allow: [projectRoot, siteRoot] },
    },
    optimizeDeps: {
      entries: ["index.html", "src/editor/app/main.tsx", "src/editor/preview/main.tsx"],
      rolldownOptions: { transform: { define: { "process.env.NODE_ENV": production } } },
    },
  };
}
