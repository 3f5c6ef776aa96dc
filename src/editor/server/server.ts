/**
 * `npm run edit`: the editor on a developer's own machine, on 127.0.0.1 and nowhere else, working
 * on the checkout's own site-config/ (no sign-in: the developer is the only person). It serves the
 * JSON API and (unless `app: false`) the editor app, the preview and the site itself through Vite.
 * The hosted editor for the content team is `npm run editor` (hosted.ts).
 */
import path from "node:path";
import type { ViteDevServer } from "vite";
import { createEditorApp, loopbackHost } from "./app";
import type { Checker } from "./check";
import { ConfigStore } from "./config-store";
import type { PictureLimits } from "./images/picture";
import { contentRoutes } from "./routes/content";
import { SiteApi } from "./site-api";
import { createViteApp, editorPages, pageHtml } from "./vite-app";

export interface EditorServerOptions {
  /** The project root (schemas/, and the site's sources Vite serves); default this checkout. */
  projectRoot?: string;
  /** The site folder to edit; default `<projectRoot>/site-config`. Tests pass a temporary copy. */
  siteRoot?: string;
  /** Where images are found; default `<projectRoot>/public`. */
  publicDir?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 5180; 0 picks a free port. */
  port?: number;
  /** Serve the editor app and the site through Vite (default true); false serves the API only. */
  app?: boolean;
  /** Replaces the validator's checks (tests of the API's own behaviour). */
  check?: Checker;
  /** Limits of uploaded pictures; default from the environment (images/picture.ts). */
  pictures?: PictureLimits;
}

export interface RunningEditor {
  url: string;
  port: number;
  siteRoot: string;
  close: () => Promise<void>;
}

const defaultRoot = path.resolve(import.meta.dirname, "../../..");

export async function startEditorServer(options: EditorServerOptions = {}): Promise<RunningEditor> {
  const projectRoot = path.resolve(options.projectRoot ?? defaultRoot);
  const siteRoot = path.resolve(options.siteRoot ?? path.join(projectRoot, "site-config"));
  const publicDir = path.resolve(options.publicDir ?? path.join(projectRoot, "public"));
  const host = options.host ?? "127.0.0.1";
  let vite: ViteDevServer | undefined;
  const site = new SiteApi({
    store: new ConfigStore(siteRoot),
    check: options.check,
    checkSetup: { projectRoot, siteRoot, publicDir },
    // The next page load must read the saved file, even before Vite's file watcher notices it.
    onWrite: (file) => {
      const graph = vite?.environments.client.moduleGraph;
      for (const module of graph?.getModulesByFile(file) ?? []) graph?.invalidateModule(module);
    },
  });

  const app = createEditorApp({
    allowedHost: loopbackHost,
    hostRefusal: "The editor only answers on 127.0.0.1 or localhost.",
    // Everything else (the editor's pages, the preview, the site, Vite's modules) is Vite's.
    fallback: async (request, reply) => {
      if (!vite)
        return reply.code(404).type("text/plain; charset=utf-8").send("The editor app is not served (app: false).");
      const pathname = request.url.split("?")[0];
      const page = editorPages[pathname];
      if (page) {
        const html = await vite.transformIndexHtml(request.url, pageHtml(page));
        return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
      }
      reply.hijack();
      vite.middlewares(request.raw, reply.raw, () => {
        reply.raw.writeHead(404).end();
      });
    },
  });
  await app.register(contentRoutes, { site: async () => site, pictures: options.pictures });
  app.get("/", (_request, reply) => reply.redirect("/editor/"));
  app.get("/editor", (_request, reply) => reply.redirect("/editor/"));

  await app.listen({ port: options.port ?? 5180, host });
  if (options.app !== false) vite = await createViteApp({ projectRoot, siteRoot, publicDir, httpServer: app.server });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: `http://${host}:${port}`,
    port,
    siteRoot,
    async close() {
      await vite?.close();
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
