/**
 * The site's one HTTP client (ky) with the spec's global request behaviour (section 7):
 * - Accept: application/json and X-Requested-With: XMLHttpRequest on every request;
 * - Content-Type: application/json on a request with a body, unless the body is form data (the
 *   browser then writes the multipart boundary itself);
 * - credentials sent for URLs containing "api";
 * - a 30000 ms time-out (site.requestTimeoutMs);
 * - errors logged by class (status 0: network or CORS, 4xx: client, 5xx: server), then re-thrown;
 * - non-GET requests to our own origin carry the X-XSRF-TOKEN header from the XSRF-TOKEN cookie.
 *
 * "Relative URLs" of the spec are read as "URLs that resolve to the page's own origin": that is
 * what a relative URL is once resolved, and it also covers an absolute URL of our own origin,
 * while the token never goes to another site.
 */
import ky, { type KyInstance } from "ky";
import { site } from "../config/site-config";

/** The cookie the relay sets and the header it expects back (the names Angular and others use). */
export const xsrfCookieName = "XSRF-TOKEN";
export const xsrfHeaderName = "X-XSRF-TOKEN";

/** How a failed request is described in the log. */
export type HttpErrorClass = "network" | "client" | "server";

/** Where the client's outside world comes from; tests replace each. */
export interface HttpClientOptions {
  /** Time-out in milliseconds; default site.requestTimeoutMs. */
  timeoutMs?: number;
  /** The fetch to use; default the global fetch at call time. */
  fetch?: typeof fetch;
  /** Logs a failed request; default console.error. */
  log?: (message: string, detail?: unknown) => void;
  /** The document's cookies ("a=1; b=2"); default document.cookie. */
  cookies?: () => string;
  /** The page's origin; default location.origin (none outside a browser). */
  pageOrigin?: () => string | undefined;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** The value of a cookie in a Cookie-header-like string, or undefined. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The class of an HTTP status as the spec logs it. */
export function errorClassOf(status: number): HttpErrorClass {
  if (status >= 500) return "server";
  if (status >= 400) return "client";
  return "network";
}

const classText: Record<HttpErrorClass, string> = {
  network: "Network or CORS error (status 0)",
  client: "Client error",
  server: "Server error",
};

/** Where a request goes, without its query (which may carry personal data). */
function describe(request: Request): string {
  const url = new URL(request.url);
  return `${request.method} ${url.origin}${url.pathname}`;
}

/** A ky instance with the spec's behaviour; `http` below is the app's, built with the defaults. */
export function createHttpClient(options: HttpClientOptions = {}): KyInstance {
  const log = options.log ?? ((message: string, detail?: unknown) => console.error(message, detail));
  const cookies = options.cookies ?? (() => (typeof document === "undefined" ? "" : document.cookie));
  const pageOrigin = options.pageOrigin ?? (() => (typeof location === "undefined" ? undefined : location.origin));
  const fetchImpl: typeof fetch = async (input, init) => {
    try {
      return await (options.fetch ?? globalThis.fetch)(input, init);
    } catch (error) {
      const where = input instanceof Request ? describe(input) : String(input);
      log(`[http] ${classText.network}: ${where}`, error);
      throw error;
    }
  };
  return ky.create({
    timeout: options.timeoutMs ?? site.requestTimeoutMs,
    // The spec's client does not retry; a lead's retries belong to the relay, and a person's
    // second click reuses the Idempotency-Key.
    retry: 0,
    fetch: fetchImpl,
    hooks: {
      beforeRequest: [
        (request, normalized) => {
          request.headers.set("Accept", "application/json");
          request.headers.set("X-Requested-With", "XMLHttpRequest");
          const body = normalized.body;
          if (body != null && !(typeof FormData !== "undefined" && body instanceof FormData)) {
            request.headers.set("Content-Type", "application/json");
          }
          if (!safeMethods.has(request.method.toUpperCase())) {
            const origin = pageOrigin();
            const token = readCookie(cookies(), xsrfCookieName);
            if (origin && token && new URL(request.url).origin === origin) request.headers.set(xsrfHeaderName, token);
          }
          if (request.url.includes("api") && request.credentials !== "include") {
            return new Request(request, { credentials: "include" });
          }
          return undefined;
        },
      ],
      beforeError: [
        (error) => {
          const status = error.response.status;
          log(`[http] ${classText[errorClassOf(status)]} ${status}: ${describe(error.request)}`, error);
          return error;
        },
      ],
    },
  });
}

/** The app's client. */
export const http: KyInstance = createHttpClient();
