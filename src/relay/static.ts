/**
 * Serves dist/ (@fastify/static): files as they are on disk at each request (nothing about them
 * is kept from the start), their .br and .gz twins to browsers that take them while the twin is
 * at least as new as the file (npm run build writes both, src/build/compress.ts; see
 * precompressed.ts), pages without twins compressed as they are sent (page-compression.ts),
 * and prerendered pages at their paths
 * (dist/<route>/index.html). A page path with no page is answered 404 with the app shell
 * (dist/shell.html): search engines see an unknown address as one (a 200 or a redirect to /home
 * would be a "soft 404" they index), and a person's browser runs the app, which resolves treatment
 * aliases and near-misses and sends the rest to /home, as the spec's router does. Never
 * dist/index.html: that is the prerendered home page, whose canonical and content would be wrong
 * anywhere else.
 *
 * docs/deploy/nginx.conf does the same for a static host; a test runs it against a real build.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Logger } from "./logger";
import { compressWhenSent, registerPageCompression } from "./page-compression";
import { acceptedAmong, copiesOf, servedFile } from "./precompressed";

/** Hashed file names never change content, so browsers may keep them for good. */
export const immutableAsset = /^\/assets\/.*-[A-Za-z0-9_-]{8,}\.(js|css|woff2?)$/;

/** Whether a request asks for a page (not a file). */
export function isPageRequest(method: string, pathname: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (pathname.startsWith("/assets/")) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".html");
}

const notFound = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" };

/** Registers dist/ and the fallback for paths that are not files; `apiBase` paths are left alone. */
export async function registerSite(app: FastifyInstance, distDir: string, apiBase: string, log: Logger) {
  const api = (pathname: string) => pathname === apiBase || pathname.startsWith(`${apiBase}/`);
  const apiNotFound = { error: "not_found", message: "There is no such API endpoint." };
  if (!existsSync(distDir)) {
    log.warn({ distDir }, "No built site (run npm run build); only the API is served");
    app.setNotFoundHandler((request, reply) => {
      const pathname = new URL(request.url, "http://x").pathname;
      if (api(pathname)) return reply.code(404).header("Cache-Control", "no-store").send(apiNotFound);
      return reply.code(404).headers(notFound).send("Not found. The site has not been built.");
    });
    return;
  }
  // Before @fastify/static's route (its path is "/*") picks a twin by Accept-Encoding: it sees only
  // the encodings whose twins are fresh. Vary tells caches the answer depends on that header.
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.url !== "/*" || (request.method !== "GET" && request.method !== "HEAD")) return;
    const file = await servedFile(distDir, new URL(request.url, "http://x").pathname);
    const { fresh, any } = file ? await copiesOf(file) : { fresh: [], any: false };
    if (fresh.length > 0) reply.header("Vary", "Accept-Encoding");
    // A page the build left without copies is compressed as it is sent (page-compression.ts).
    if (file && !any) compressWhenSent(request, reply, file, request.headers["accept-encoding"]);
    request.headers = { "accept-encoding": acceptedAmong(request.headers["accept-encoding"], fresh) };
  });
  registerPageCompression(app);
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    redirect: false,
    // Our own Cache-Control below, not send's "max-age=0".
    cacheControl: false,
    setHeaders(res, filePath) {
      const pathname = `/${path.relative(distDir, filePath).split(path.sep).join("/")}`.replace(/\.(br|gz)$/, "");
      // HTML may change with every publish, so it is revalidated.
      res.setHeader(
        "Cache-Control",
        immutableAsset.test(pathname) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  // A prerendered build keeps the bare app shell as shell.html; a build that was not prerendered
  // (vite build alone) is a single-page app whose index.html is the shell for every page.
  // Looked at when asked, as every file is: a publish may replace the build while the relay runs.
  const prerendered = () => existsSync(path.join(distDir, "shell.html"));
  const shellHtml = () => readFileSync(path.join(distDir, prerendered() ? "shell.html" : "index.html"));
  app.setNotFoundHandler((request, reply) => {
    const pathname = new URL(request.url, "http://x").pathname;
    if (api(pathname)) return reply.code(404).header("Cache-Control", "no-store").send(apiNotFound);
    if (!isPageRequest(request.method, pathname)) return reply.code(404).headers(notFound).send("Not found.");
    // A single-page build has no pages on disk: every page is the app's to show.
    return reply
      .code(prerendered() ? 404 : 200)
      .headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" })
      .send(request.method === "HEAD" ? undefined : shellHtml());
  });
}
