/**
 * What the hosted editor serves besides its API: its own built app (/editor/, /editor/preview,
 * /editor/assets/), and the site, as published or as a change set would publish it. Which one a
 * person sees is the `editor-preview` cookie that "Open the preview" sets (one site per browser
 * at a time, on the same paths as the live site, so every link of the built pages works).
 * Nothing here is reachable signed out: the auth plugin's guard answers first.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseCookies } from "../../../shared/http/policy";

export const previewCookie = "editor-preview";

export interface FilesOptions {
  /** The built editor app's folder (holding editor/). */
  appDir: () => string;
  /** The built site a request sees: the preview its cookie names, or the published one. */
  siteDir: (previewId: string | undefined) => string;
}

/** The file a path names in `root`, if it is one (a page: its folder's index.html). */
function fileIn(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const absolute = path.resolve(root, `.${decoded}`);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return undefined;
  for (const candidate of [absolute, path.join(absolute, "index.html")]) {
    try {
      if (statSync(candidate).isFile()) return path.relative(root, candidate);
    } catch {
      // not there
    }
  }
  return undefined;
}

export async function registerFiles(app: FastifyInstance, options: FilesOptions) {
  await app.register(fastifyStatic, { root: path.resolve("/"), serve: false, cacheControl: false });

  const send = (reply: FastifyReply, root: string, file: string, cache: string) =>
    reply.header("Cache-Control", cache).sendFile(file, root);

  app.get("/editor/", (_request, reply) =>
    send(reply, path.join(options.appDir(), "editor"), "index.html", "no-store"),
  );
  app.get("/editor/preview", (_request, reply) =>
    send(reply, path.join(options.appDir(), "editor", "preview"), "index.html", "no-store"),
  );
  app.get("/editor", (_request, reply) => reply.redirect("/editor/"));
  app.get("/", (_request, reply) => reply.redirect("/editor/"));
  app.get<{ Params: { "*": string } }>("/editor/assets/*", (request, reply) => {
    const root = path.join(options.appDir(), "editor", "assets");
    const file = fileIn(root, `/${request.params["*"]}`);
    if (!file) return reply.code(404).send({ message: "No such file of the editor." });
    return send(reply, root, file, "public, max-age=31536000, immutable");
  });

  /** The site's pages and files: what no other route answers, outside /editor/. */
  return async function site(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== "GET" && request.method !== "HEAD") return reply.code(404).send({ message: "Not found." });
    const preview = parseCookies(request.headers.cookie)[previewCookie];
    const root = options.siteDir(preview && /^[a-f0-9]{6,40}$/.test(preview) ? preview : undefined);
    if (!existsSync(root))
      return reply.code(404).type("text/plain; charset=utf-8").send("This site has not been built yet.");
    const pathname = request.url.split("?")[0];
    const file = fileIn(root, pathname);
    if (file) return send(reply, root, file, "no-cache");
    // A published page framed beside a preview asks for its own build's scripts and styles: their
    // names carry their content's hash, so the published site's file is the one it means.
    const published = options.siteDir(undefined);
    const asset = pathname.startsWith("/assets/") && root !== published ? fileIn(published, pathname) : undefined;
    if (asset) return send(reply, published, asset, "no-cache");
    // A path with no page: the app shell, whose router does what the spec says (aliases, /home).
    if (existsSync(path.join(root, "shell.html"))) return send(reply, root, "shell.html", "no-cache");
    return reply.redirect("/home");
  };
}
