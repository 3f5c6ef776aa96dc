/**
 * The editor's server, for development only: its JSON API, and (unless `app: false`) the editor
 * app, the preview and the site itself through Vite. It listens on 127.0.0.1 and nowhere else.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { createApi } from "./api";
import type { Checker } from "./check";
import { ConfigStore } from "./config-store";
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
  const store = new ConfigStore(siteRoot);
  let vite: ViteDevServer | undefined;
  const api = createApi({
    store,
    check: options.check,
    checkSetup: { projectRoot, siteRoot, publicDir },
    // The next page load must read the saved file, even before Vite's file watcher notices it.
    onWrite: (file) => {
      const graph = vite?.environments.client.moduleGraph;
      for (const module of graph?.getModulesByFile(file) ?? []) graph?.invalidateModule(module);
    },
  });

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`The editor failed: ${(error as Error)?.message ?? error}`);
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    if (await api(req, res)) return;
    const pathname = new URL(req.url ?? "/", "http://editor.local").pathname;
    if (pathname === "/editor" || pathname === "/") {
      res.writeHead(302, { Location: "/editor/" }).end();
      return;
    }
    if (!vite) {
      res
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("The editor app is not served (app: false).");
      return;
    }
    const page = editorPages[pathname];
    if (page) {
      const html = await vite.transformIndexHtml(req.url ?? pathname, pageHtml(page));
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html);
      return;
    }
    vite.middlewares(req, res, () => {
      res.writeHead(404).end();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 5180, host, () => resolve());
  });
  if (options.app !== false) vite = await createViteApp({ projectRoot, siteRoot, publicDir, httpServer: server });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    siteRoot,
    async close() {
      await vite?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
