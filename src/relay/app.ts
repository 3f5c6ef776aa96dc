/**
 * The site's one Node process (Fastify): serves the built site from dist/ (static.ts) and the
 * product's own /api, where the lead relay takes leads into its durable outbox (leads-route.ts)
 * and a worker delivers them to the CRM (worker.ts). /healthz and /readyz are for a load
 * balancer; Prometheus metrics have a listener of their own (metrics.ts).
 *
 * Every response carries the security headers (security.ts); page responses also carry the
 * cross-site token cookie the lead form echoes back.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import type { Form } from "../shared/generated/form";
import { type CardRouteOptions, cardRoutes } from "./cards";
import { type CrmSender, leadSquaredSender } from "./crm";
import { loadForms } from "./forms";
import { maxBodyBytes, registerLeadRoute } from "./leads-route";
import { createLogger, type Logger } from "./logger";
import { createMetrics, type RelayMetrics } from "./metrics";
import { openStore } from "./open-store";
import { PageContext } from "./page-context";
import { isHttps, type ProxyHops, proxyWarning } from "./proxy";
import { CsrfTokens, registerSecurityHeaders } from "./security";
import { type CrmSettings, defaultClientRate, defaultDeliveryRate, type Rate } from "./settings";
import { siteJson } from "./site-json";
import { isPageRequest, registerSite } from "./static";
import type { LeadStore } from "./store";
import { DeliveryWorker } from "./worker";

/** Options of the server; tests pass a port of 0 to get a free one. */
export interface ServerOptions {
  port: number;
  host?: string;
  distDir: string;
  /** A PostgreSQL URL: the outbox shared by every relay instance. Absent: the SQLite file leadsDb. */
  databaseUrl?: string;
  /** How long to keep trying to reach PostgreSQL at start-up; default 0. */
  databaseWaitMs?: number;
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
  /** How long a relay holds a lead it is sending (PostgreSQL); default 60 s. */
  leaseMs?: number;
  /** New leads per client address; default 10 per minute. */
  clientRate?: Rate;
  /** Delivered leads' personal fields are erased this long after delivery; default 30 days. */
  retentionMs?: number;
  /** Serve /metrics on this port and host (default host 127.0.0.1); absent: no metrics listener. */
  metrics?: { port: number; host?: string };
  /**
   * The site's public origin, such as https://www.hospitals.example; default each request's own,
   * when its Host names this machine (127.0.0.1, localhost).
   */
  siteOrigin?: string;
  /** Behind reverse proxies (true: one; or how many): trust X-Forwarded-For and X-Forwarded-Proto. */
  trustProxy?: ProxyHops;
  /** site-config/forms/ to load; default this checkout's. */
  formsDir?: string;
  /** site-config/ whose collections and specialities name the pages leads come from; default this checkout's. */
  siteConfigDir?: string;
  /** Forms to use instead of loading them (tests). */
  forms?: Record<string, Form>;
  /** The clock; tests may fix it. */
  now?: () => number;
  /** Each JSON log line goes here; default stdout (pretty on a terminal). */
  log?: (line: string) => void;
  /** Log level; default info. */
  logLevel?: string;
  /** Link preview cards drawn on request (cards.ts); default kept in node_modules/.cache/social-cards, one thread. */
  cards?: Partial<CardRouteOptions>;
}

/** A running server: its base URL and how to stop it. */
export interface RunningServer {
  url: string;
  /** The metrics listener's base URL, when there is one. */
  metricsUrl: string | undefined;
  server: Server;
  app: FastifyInstance;
  store: LeadStore;
  /** Absent when there is nowhere to deliver to. */
  worker: DeliveryWorker | undefined;
  metrics: RelayMetrics;
  log: Logger;
  /** Stops taking requests, lets deliveries under way finish (8 s at most), closes the outbox. */
  close: () => Promise<void>;
}

const apiBase = siteJson.apiBase.replace(/\/+$/, "");
/** site-config/ of this checkout. */
export const defaultSiteConfigDir = path.resolve(import.meta.dirname, "../../site-config");
const hourMs = 3_600_000;

/**
 * Says, at most once a minute, that leads are refused because SITE_ORIGIN is unset and requests
 * name another Host: the sign of a relay behind a proxy that was started as if alone.
 */
function foreignHostWarning(log: Logger): (host: string) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (host) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    log.warn(
      { host: host.slice(0, 100) },
      "Refused a lead for a Host other than this machine: SITE_ORIGIN is not set. If the site is served under that name, set SITE_ORIGIN to its origin, such as https://www.hospitals.example, and restart.",
    );
  };
}

function registerProbes(app: FastifyInstance, store: LeadStore, isClosing: () => boolean) {
  const noStore = { "Cache-Control": "no-store" };
  app.get("/healthz", (_request, reply) => reply.headers(noStore).send({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    if (isClosing()) return reply.code(503).headers(noStore).send({ status: "stopping" });
    try {
      await Promise.race([
        store.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 2000).unref()),
      ]);
      return reply.headers(noStore).send({ status: "ready", outbox: store.kind });
    } catch {
      return reply.code(503).headers(noStore).send({ status: "unavailable", outbox: store.kind });
    }
  });
}

async function startMetrics(
  metrics: RelayMetrics,
  store: LeadStore,
  isClosing: () => boolean,
  listen: { port: number; host?: string },
) {
  const app = Fastify({ logger: false });
  app.get("/metrics", async (_request, reply) =>
    reply.header("Content-Type", metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  registerProbes(app, store, isClosing);
  const host = listen.host ?? "127.0.0.1";
  await app.listen({ port: listen.port, host });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://${host.includes(":") ? `[${host}]` : host}:${port}` };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = createLogger({
    write: options.log,
    level: options.logLevel,
    secrets: [options.crm?.accessKey, options.crm?.secretKey],
  });
  const forms = options.forms ?? loadForms(options.formsDir);
  const leadsDb = options.leadsDb ?? ":memory:";
  if (!options.databaseUrl && leadsDb === ":memory:" && process.env.NODE_ENV !== "test") {
    log.warn("The lead outbox is in memory: leads are lost when the process ends. Give it a file.");
  }
  const opened = await openStore({
    databaseUrl: options.databaseUrl,
    leadsDb,
    now: options.now,
    waitMs: options.databaseWaitMs,
    log,
  });
  const { store } = opened;
  const csrf = new CsrfTokens(await store.secret("csrf"));
  const metrics = createMetrics(store);
  const send = options.crmSender ?? (options.crm ? leadSquaredSender(options.crm) : undefined);
  const retry = options.retry ?? { baseMs: 2000, maxMs: 300_000 };
  const worker = send
    ? new DeliveryWorker({
        store,
        pace: opened.pace(options.deliveryRate ?? defaultDeliveryRate),
        send,
        concurrency: options.deliveryConcurrency,
        retryBaseMs: retry.baseMs,
        retryMaxMs: retry.maxMs,
        leaseMs: options.leaseMs,
        log,
        onCrmAnswer: metrics.crmAnswer,
      })
    : undefined;
  const trustProxy = options.trustProxy ?? false;
  const host = options.host ?? "127.0.0.1";
  let closing = false;
  const warning = proxyWarning(host, trustProxy);
  if (warning) log.warn(warning);

  const app = Fastify({
    // Fastify's own lines (errors) at warn and above: main.ts says where the site runs.
    loggerInstance: log.child({}, { level: log.isLevelEnabled("warn") ? "warn" : log.level }) as FastifyBaseLogger,
    // Our onResponse hook logs requests, without the client address Fastify would add.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: maxBodyBytes,
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });
  await registerSecurityHeaders(app, (req) => isHttps(req, trustProxy));
  app.addHook("onRequest", async (request, reply) => {
    const pathname = new URL(request.url, "http://x").pathname;
    if (pathname.startsWith(`${apiBase}/`) || pathname === "/healthz" || pathname === "/readyz") return;
    if (!isPageRequest(request.method, pathname)) return;
    const cookie = csrf.cookieFor(request.headers, isHttps(request.raw, trustProxy));
    if (cookie) reply.header("Set-Cookie", cookie);
  });
  // What was asked and answered, for the log shipper: the path without its query, never who asked.
  app.addHook("onResponse", async (request, reply) => {
    const pathname = new URL(request.url, "http://x").pathname;
    const level = pathname.startsWith(`${apiBase}/`) ? "info" : "debug";
    log[level](
      { method: request.method, path: pathname, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      "request",
    );
  });
  registerProbes(app, store, () => closing);
  registerLeadRoute(app, `${apiBase}/leads`, {
    forms,
    store,
    csrf,
    limit: opened.clientLimit(options.clientRate ?? defaultClientRate),
    siteOrigin: options.siteOrigin,
    pages: new PageContext({ distDir: options.distDir, configDir: options.siteConfigDir ?? defaultSiteConfigDir, log }),
    trustProxy,
    onAccepted: () => worker?.kick(),
    onForeignHost: foreignHostWarning(log),
    log,
    metrics,
  });
  await app.register(cardRoutes, {
    distDir: options.distDir,
    cacheDir: path.resolve(options.cards?.cacheDir ?? "node_modules/.cache/social-cards"),
    threads: options.cards?.threads ?? 1,
    queue: options.cards?.queue ?? 100,
    log,
  });
  await registerSite(app, options.distDir, apiBase, log);

  await app.listen({ port: options.port, host });
  const metricsListener = options.metrics
    ? await startMetrics(metrics, store, () => closing, options.metrics)
    : undefined;
  worker?.start();

  // Personal data is not kept past its retention (DPDP Act): at start, then every hour.
  const retentionMs = options.retentionMs ?? 30 * 24 * hourMs;
  const eraseExpired = () =>
    store.eraseExpired(retentionMs).then(
      (n) => n > 0 && log.info({ erased: n }, "Erased the personal data of leads past their retention"),
      (error: unknown) => log.warn({ err: String(error) }, "Could not erase expired personal data; trying again later"),
    );
  void eraseExpired();
  const retentionTimer = setInterval(eraseExpired, hourMs);
  retentionTimer.unref();

  const { port } = app.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    metricsUrl: metricsListener?.url,
    server: app.server,
    app,
    store,
    worker,
    metrics,
    log,
    close: () => {
      closed ??= (async () => {
        closing = true;
        clearInterval(retentionTimer);
        await Promise.all([app.close(), metricsListener?.app.close(), worker?.stop(8000)]);
        await store.close();
      })();
      return closed;
    },
  };
}

export const defaultDistDir = path.resolve(import.meta.dirname, "../../dist");
