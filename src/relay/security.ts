/**
 * Headers every response carries, and the cross-site request token (CSRF).
 *
 * The token is a "signed double-submit cookie": the server sets XSRF-TOKEN (SameSite=Strict,
 * readable by the page's script) on page responses; the client echoes it in X-XSRF-TOKEN; the
 * relay accepts a lead only when the two are equal and the token carries the server's signature,
 * so a cookie planted by a neighbouring subdomain does not pass. The signing key lives in the
 * outbox file, so tokens stay valid across restarts.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The pages' content security policy (spec of issue 4): everything from our own origin only. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** Sets the headers every response carries. */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader("Content-Security-Policy", contentSecurityPolicy);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
}

export const xsrfCookie = "XSRF-TOKEN";
export const xsrfHeader = "x-xsrf-token";

/** The cookies of a request by name (first one wins). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in cookies)) cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}

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
  check(req: IncomingMessage): boolean {
    const cookie = parseCookies(req.headers.cookie)[xsrfCookie];
    const header = req.headers[xsrfHeader];
    if (typeof header !== "string" || !cookie || !this.isValid(cookie)) return false;
    const a = Buffer.from(cookie);
    const b = Buffer.from(header);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Sets a fresh token cookie on the response unless the request already holds a valid one. */
  ensureCookie(req: IncomingMessage, res: ServerResponse, secure: boolean, force = false): void {
    if (!force && this.isValid(parseCookies(req.headers.cookie)[xsrfCookie])) return;
    const attributes = ["Path=/", "SameSite=Strict", "Max-Age=604800", ...(secure ? ["Secure"] : [])];
    res.appendHeader("Set-Cookie", `${xsrfCookie}=${this.issue()}; ${attributes.join("; ")}`);
  }
}
