/**
 * The site's HTTP policy, shared by every server that answers for it (the relay, the hosted
 * editor's previews): the content security policy, HSTS, Permissions-Policy, and reading cookies.
 */

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

/**
 * HSTS: browsers use https for the site's host and every host under it for a year. Sent on https
 * responses only (browsers ignore it over http, and a plain-http answer is no place to promise
 * https). includeSubDomains covers hosts *under* the site's (www.hospitals.example covers
 * x.www.hospitals.example, not the hospital's other hosts): keep each of those on https too.
 */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/** Browser features no page of the site uses. */
export const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=()";

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
