/**
 * The site's one Node process: serves the built site from dist/ and (with the lead relay) the
 * product's own /api. Every path that is not a file gets the app shell, whose router shows the
 * page or sends the visitor to /home as the spec says.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sirv from "sirv";

/** Options of the server; tests pass a port of 0 to get a free one. */
export interface ServerOptions {
  port: number;
  host?: string;
  distDir: string;
}

/** A running server: its base URL and how to stop it. */
export interface RunningServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const assets = sirv(options.distDir, {
    etag: true,
    gzip: false,
    // Hashed file names never change content, so browsers may keep them for good; HTML may change
    // with every publish, so it is revalidated.
    setHeaders(res, pathname) {
      if (pathname.startsWith("/assets/") && /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?)$/.test(pathname)) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      } else res.setHeader("Cache-Control", "no-cache");
    },
  });
  const shell = sirv(options.distDir, {
    single: true,
    etag: true,
    setHeaders: (res) => res.setHeader("Cache-Control", "no-cache"),
  });
  const server = createServer((req, res) => {
    assets(req, res, () => shell(req, res));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

export const defaultDistDir = path.resolve(import.meta.dirname, "../../dist");
