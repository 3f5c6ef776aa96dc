/**
 * The hosted editor's response headers: the relay's set (helmet, HSTS on https, Permissions-Policy)
 * with two differences the editor needs. Its own pages may be framed by the editor itself (the
 * live preview is a frame of the same origin), and its app runs ajv's compiled validators, which
 * ajv makes with `new Function`: the editor's pages (signed-in staff only) allow 'unsafe-eval'.
 * The site's pages served for a preview, or as published beside one (/editor/published/page/),
 * keep the site's own policy, exactly as published.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { contentSecurityPolicy, permissionsPolicy, strictTransportSecurity } from "../../../shared/http/policy";

export const editorContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** The site's policy, but framed by the editor's own preview pane. */
const sitePolicy = contentSecurityPolicy.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** `request.protocol` follows X-Forwarded-Proto only from the proxies TRUST_PROXY counts (app.ts). */
export async function registerEditorSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: { action: "sameorigin" },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    const editorPage = request.url.startsWith("/editor/") && !request.url.startsWith("/editor/published/page/");
    reply.header("Content-Security-Policy", editorPage ? editorContentSecurityPolicy : sitePolicy);
    reply.header("Permissions-Policy", permissionsPolicy);
    reply.header("X-Robots-Tag", "noindex, nofollow");
    if ((request as FastifyRequest).protocol === "https")
      reply.header("Strict-Transport-Security", strictTransportSecurity);
  });
}
