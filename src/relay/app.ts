/**
 * The site's one Node process: serves the built site from dist/ and the product's own /api, where
 * the lead relay takes leads into its durable outbox and a worker delivers them to the CRM. Every
 * path that is not a file gets the app shell, whose router shows the page or sends the visitor to
 * /home as the spec says.
 *
 * Every response carries the security headers (security.ts); page responses also carry the
 * cross-site token cookie the lead form echoes back.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sirv from "sirv";
import type { Form } from "../shared/generated/form";
import { ClientLimit } from "./client-limit";
import { type CrmSender, leadSquaredSender } from "./crm";
import { loadForms } from "./forms";
import { handleLeadPost, isHttps, sendJson } from "./leads-route";
import { Outbox } from "./outbox";
import { CsrfTokens, setSecurityHeaders } from "./security";
import { type CrmSettings, defaultClientRate, defaultDeliveryRate, type Rate } from "./settings";
import { siteJson } from "./site-json";
import { DeliveryWorker } from "./worker";

/** Options of the server; tests pass a port of 0 to get a free one. */
export interface ServerOptions {
  port: number;
  host?: string;
  distDir: string;
  /** The outbox file; default ":memory:" (lost on exit: for tests; main.ts always gives a file). */
  leadsDb?: string;
  /** Where to deliver leads; absent: leads stay in the outbox. */
  crm?: CrmSettings;
  /** Replaces the LeadSquared sender (tests). */
  crmSender?: CrmSender;
  /** Deliveries per period; default 5 per 5 s. */
  deliveryRate?: Rate;
  /** Deliveries under way at once; default 1. */
  deliveryConcurrency?: number;
  /** Backoff between retries; default 2 s doubling to 5 min. */
  retry?: { baseMs: number; maxMs: number };
  /** New leads per client address; default 10 per minute. */
  clientRate?: Rate;
  /** The site's public origin, such as https://www.hospitals.example; default each request's own. */
  siteOrigin?: string;
  /** Behind a reverse proxy: trust X-Forwarded-For and X-Forwarded-Proto. */
  trustProxy?: boolean;
  /** site-config/forms/ to load; default this checkout's. */
  formsDir?: string;
  /** Forms to use instead of loading them (tests). */
  forms?: Record<string, Form>;
  /** The clock; tests may fix it. */
  now?: () => number;
  /** Where log lines go; default console.log. */
  log?: (message: string) => void;
}

/** A running server: its base URL and how to stop it. */
export interface RunningServer {
  url: string;
  server: Server;
  outbox: Outbox;
  /** Absent when there is nowhere to deliver to. */
  worker: DeliveryWorker | undefined;
  /** Stops taking requests, lets deliveries under way finish, closes the outbox. */
  close: () => Promise<void>;
}

const apiBase = siteJson.apiBase.replace(/\/+$/, "");

function isPageRequest(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (pathname.startsWith("/assets/")) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".html");
}

/** Route patterns only the browser can resolve (treatment slugs, with aliases and fuzzy matching). */
function clientRoutes(root: string): RegExp[] {
  const dir = path.join(root, "site-config", "collections");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".presentation.json"))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")).route as string)
    .map((route) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(":slug", "[^/]+")}/?$`));
}

/**
 * Serves dist/: files as they are, prerendered pages at their paths (dist/<route>/index.html).
 * A path with no page is either a treatment address the browser resolves (aliases, a mistyped
 * slug: the app shell handles it as the spec says) or goes to /home, as the spec's router does.
 */
function staticHandler(distDir: string, log: (m: string) => void) {
  if (!existsSync(distDir)) {
    log(`No built site at ${distDir} (run npm run build); only the API is served.`);
    return (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" });
      res.end("Not found. The site has not been built.");
    };
  }
  const assets = sirv(distDir, {
    etag: true,
    // npm run build writes .br and .gz beside each file (src/build/compress.ts).
    brotli: true,
    gzip: true,
    // Hashed file names never change content, so browsers may keep them for good; HTML may change
    // with every publish, so it is revalidated.
    setHeaders(res, pathname) {
      if (pathname.startsWith("/assets/") && /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?)$/.test(pathname)) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      } else res.setHeader("Cache-Control", "no-cache");
    },
  });
  // A prerendered build keeps the bare app shell as shell.html; a build that was not prerendered
  // (vite build alone) is a single-page app whose index.html is the shell for every page.
  const prerendered = existsSync(path.join(distDir, "shell.html"));
  const shellHtml = () => readFileSync(path.join(distDir, prerendered ? "shell.html" : "index.html"));
  const browserRoutes = clientRoutes(path.resolve(import.meta.dirname, "../.."));
  return (req: IncomingMessage, res: ServerResponse) =>
    assets(req, res, () => {
      const pathname = new URL(req.url ?? "/", "http://x").pathname;
      if (!isPageRequest(req, pathname)) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" });
        res.end("Not found.");
      } else if (!prerendered || browserRoutes.some((r) => r.test(pathname))) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
        res.end(req.method === "HEAD" ? undefined : shellHtml());
      } else {
        res.writeHead(302, { Location: "/home", "Cache-Control": "no-cache" });
        res.end();
      }
    });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((m: string) => console.log(m));
  const now = options.now ?? Date.now;
  const forms = options.forms ?? loadForms(options.formsDir);
  const dbFile = options.leadsDb ?? ":memory:";
  if (dbFile === ":memory:" && process.env.NODE_ENV !== "test") {
    log("The lead outbox is in memory: leads are lost when the process ends. Give it a file.");
  }
  const outbox = new Outbox(dbFile, { now });
  const csrf = new CsrfTokens(outbox.secret("csrf"));
  const send = options.crmSender ?? (options.crm ? leadSquaredSender(options.crm) : undefined);
  const retry = options.retry ?? { baseMs: 2000, maxMs: 300_000 };
  const worker = send
    ? new DeliveryWorker({
        outbox,
        send,
        rate: options.deliveryRate ?? defaultDeliveryRate,
        concurrency: options.deliveryConcurrency,
        retryBaseMs: retry.baseMs,
        retryMaxMs: retry.maxMs,
        now,
        log,
      })
    : undefined;
  const trustProxy = options.trustProxy ?? false;
  const deps = {
    forms,
    outbox,
    csrf,
    limit: new ClientLimit(options.clientRate ?? defaultClientRate, now),
    siteOrigin: options.siteOrigin,
    trustProxy,
    onAccepted: () => worker?.kick(),
    log,
  };
  const serveStatic = staticHandler(options.distDir, log);

  const server = createServer((req, res) => {
    setSecurityHeaders(res);
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    if (pathname === `${apiBase}/leads`) {
      handleLeadPost(req, res, deps).catch((error: unknown) => {
        log(`Lead request failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { error: "internal", message: "Something went wrong." });
        else res.destroy();
      });
      return;
    }
    if (pathname === apiBase || pathname.startsWith(`${apiBase}/`)) {
      return sendJson(res, 404, { error: "not_found", message: "There is no such API endpoint." });
    }
    if (isPageRequest(req, pathname)) csrf.ensureCookie(req, res, isHttps(req, trustProxy));
    serveStatic(req, res);
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  worker?.start();
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    server,
    outbox,
    worker,
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((resolve, reject) => {
          server.close((err) => (err ? reject(err) : resolve()));
          server.closeIdleConnections();
        });
        await worker?.stop();
        await outbox.close();
      })();
      return closing;
    },
  };
}

export const defaultDistDir = path.resolve(import.meta.dirname, "../../dist");
