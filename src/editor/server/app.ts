/**
 * The editor's Fastify instance, shared by `npm run edit` (a developer's machine) and the hosted
 * editor (`npm run editor`): JSON bodies with size and depth limits, answers in words for every
 * error, and a guard on Host and Origin so neither another site open in the same browser nor a
 * DNS-rebinding name can reach the API.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { apiPaths, apiPrefix } from "../shared/api";
import { NotEditable } from "./config-store";
import { HttpError } from "./http-error";
import { registerJsonBodies } from "./json-body";

export interface EditorAppOptions {
  /** Whether the editor answers for a request's Host (a name, with its port). */
  allowedHost: (host: string) => boolean;
  /** Said when a Host is refused. */
  hostRefusal: string;
  /** Where log lines go; default none. */
  logger?: boolean;
  /** Answers what no route does, but under /editor/api/ (the editor's pages, the site). */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Behind this many reverse proxies (X-Forwarded-For and -Proto trusted); default none. */
  trustProxy?: number;
}

/** The largest request body: a collection file of a few thousand treatments. */
export const maxBodyBytes = 8 * 1024 * 1024;

/** Loopback names only: how `npm run edit` and tests reach the editor. */
export const loopbackHost = (host: string) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);

/** The origin's host, or undefined when the header is no origin at all ("null", garbage). */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export function createEditorApp(options: EditorAppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: maxBodyBytes,
    // X-Forwarded-For's last n hops were added by our own proxies.
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxy ?? 0),
    // Request ids in logs, not a header a visitor can set.
    requestIdHeader: false,
  });
  registerJsonBodies(app);

  app.addHook("onRequest", async (request: FastifyRequest) => {
    const host = request.headers.host ?? "";
    if (!options.allowedHost(host)) throw new HttpError(403, options.hostRefusal);
    if (!request.url.startsWith(apiPrefix)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && originHost(origin) !== host)
      throw new HttpError(403, "The editor's API only answers the editor's own pages.");
    if (request.method !== "GET" && request.method !== "HEAD") {
      const type = String(request.headers["content-type"] ?? "");
      const length = Number(request.headers["content-length"] ?? 0);
      // Pictures are uploaded as their bytes; everything else the editor sends is JSON.
      const picture = request.url.startsWith(apiPaths.images) && type.startsWith("application/octet-stream");
      if (length > 0 && !type.startsWith("application/json") && !picture)
        throw new HttpError(415, "Send the request as application/json.");
    }
  });

  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(apiPrefix)) reply.header("Cache-Control", "no-store");
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send({ message: error.message });
    if (error instanceof NotEditable) return reply.code(404).send({ message: error.message });
    if (error.code === "ENOENT") return reply.code(404).send({ message: "That file does not exist." });
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply.code(413).send({ message: "The request is too large." });
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      return reply.code(415).send({ message: "Send the request as application/json." });
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ message: error.message });
    request.log.error({ err: error }, "editor request failed");
    return reply.code(500).send({ message: "The editor failed to answer; the error is in its log." });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith(apiPrefix) || !options.fallback)
      return reply.code(404).send({ message: `There is no ${request.method} ${request.url.split("?")[0]}.` });
    return options.fallback(request, reply);
  });
  return app;
}
