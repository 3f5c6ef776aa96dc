/**
 * Headers every response carries, and the cross-site request token (CSRF).
 *
 * The token is a "signed double-submit cookie": the server sets XSRF-TOKEN (SameSite=Strict,
 * readable by the page's script) on page responses; the client echoes it in X-XSRF-TOKEN; the
 * relay accepts a lead only when the two are equal and the token carries the server's signature,
 * so a cookie planted by a neighbouring subdomain does not pass. The signing key lives in the
 * outbox, so tokens stay valid across restarts and, with a shared PostgreSQL outbox, on every relay.
 *
 * Why not @fastify/csrf-protection: it keeps a secret in a second cookie and needs a token
 * rendered into each page, which prerendered pages served from a CDN cannot carry; the lead form
 * (src/site/http) reads the one XSRF-TOKEN cookie and echoes it, Angular-style, as the spec's site
 * did.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { contentSecurityPolicy, parseCookies, permissionsPolicy, strictTransportSecurity } from "../shared/http/policy";

export { contentSecurityPolicy, parseCookies, permissionsPolicy, strictTransportSecurity };

/**
 * Sets the headers every response carries: helmet's set (kept up to date by its maintainers),
 * with frames refused outright, our exact CSP and Permissions-Policy, which helmet does not write
 * the way browsers and our tests read them ("; " between directives, no Permissions-Policy), and
 * HSTS on https responses only (helmet would send it on every response).
 *
 * @param isHttps whether a request came over https (a TLS socket, or per a trusted proxy).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  isHttps: (request: IncomingMessage) => boolean,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Content-Security-Policy", contentSecurityPolicy);
    reply.header("Permissions-Policy", permissionsPolicy);
    if (isHttps(request.raw)) reply.header("Strict-Transport-Security", strictTransportSecurity);
  });
}

export const xsrfCookie = "XSRF-TOKEN";
export const xsrfHeader = "x-xsrf-token";

/** Issues and checks signed tokens. */
export class CsrfTokens {
  constructor(private readonly key: Buffer) {}

  private sign(nonce: string): string {
    return createHmac("sha256", this.key).update(nonce).digest("base64url");
  }

  issue(): string {
    const nonce = randomBytes(18).toString("base64url");
    return `${nonce}.${this.sign(nonce)}`;
  }

  /** Whether a token was made by this server. */
  isValid(token: string | undefined): boolean {
    if (!token) return false;
    const dot = token.indexOf(".");
    if (dot < 1 || token.length > 200) return false;
    const expected = Buffer.from(this.sign(token.slice(0, dot)));
    const given = Buffer.from(token.slice(dot + 1));
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Whether the request's cookie and header hold the same valid token. */
  check(headers: IncomingHttpHeaders): boolean {
    const cookie = parseCookies(headers.cookie)[xsrfCookie];
    const header = headers[xsrfHeader];
    if (typeof header !== "string" || !cookie || !this.isValid(cookie)) return false;
    const a = Buffer.from(cookie);
    const b = Buffer.from(header);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** A Set-Cookie value with a fresh token, unless the request already holds a valid one. */
  cookieFor(headers: IncomingHttpHeaders, secure: boolean, force = false): string | undefined {
    if (!force && this.isValid(parseCookies(headers.cookie)[xsrfCookie])) return undefined;
    const attributes = ["Path=/", "SameSite=Strict", "Max-Age=604800", ...(secure ? ["Secure"] : [])];
    return `${xsrfCookie}=${this.issue()}; ${attributes.join("; ")}`;
  }
}
