/**
 * The relay's settings, read from the environment (documented in docs/relay.md). A setting that
 * is wrong stops the start with a message naming it: a relay that starts on a typo could accept
 * leads it will never deliver.
 */
import path from "node:path";

/** At most `count` events per `perMs` milliseconds. */
export interface Rate {
  count: number;
  perMs: number;
}

/** Where and how to reach LeadSquared. Only the relay ever sees these. */
export interface CrmSettings {
  /** The lead service's base, up to and not including LeadManagement.svc. */
  baseUrl: string;
  accessKey: string;
  secretKey: string;
  /** How long one delivery may take before it counts as a network error. */
  timeoutMs: number;
}

/** Everything main.ts needs to start the relay. */
export interface RelaySettings {
  port: number;
  host: string;
  distDir: string;
  dbFile: string;
  /** Absent: the relay keeps leads in the outbox and delivers nothing. */
  crm: CrmSettings | undefined;
  deliveryRate: Rate;
  deliveryConcurrency: number;
  retryBaseMs: number;
  retryMaxMs: number;
  clientRate: Rate;
  siteOrigin: string | undefined;
  /** Behind this many reverse proxies (TRUST_PROXY: 1, or the count); false: clients connect directly. */
  trustProxy: false | number;
  /** A PostgreSQL URL: the outbox every relay instance shares. Absent: the SQLite file dbFile. */
  databaseUrl: string | undefined;
  /** How long a lead is claimed by the relay sending it (PostgreSQL); see worker.ts. */
  leaseMs: number;
  /** Delivered leads' personal fields are erased this long after delivery. */
  retentionMs: number;
  /** The Prometheus listener; absent: no metrics served. */
  metrics: { port: number; host: string } | undefined;
  logLevel: string;
  /** Link preview cards drawn on request (cards.ts): where they are kept, threads, and how many may wait. */
  cards: { cacheDir: string; threads: number; queue: number };
}

/** A problem with one setting. */
export class SettingsError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "SettingsError";
  }
}

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** Reads a rate such as "5/5s", "300/1m" or "10/60000ms" (a bare number after the slash is seconds). */
export function parseRate(text: string, variable = "rate"): Rate {
  const m = /^\s*(\d+)\s*\/\s*(\d*(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$/.exec(text);
  const count = m ? Number(m[1]) : Number.NaN;
  const amount = m ? (m[2] === "" ? 1 : Number(m[2])) : Number.NaN;
  const perMs = amount * units[m?.[3] ?? "s"];
  if (!m || !(count >= 1) || !(perMs > 0)) {
    throw new SettingsError(
      variable,
      `'${text}' is not a rate; write requests/period, such as 5/5s, 300/1m or 20/500ms.`,
    );
  }
  return { count, perMs };
}

/** A rate as people write it. */
export function formatRate(rate: Rate): string {
  const { count, perMs } = rate;
  if (perMs % 60_000 === 0) return `${count}/${perMs / 60_000}m`;
  if (perMs % 1000 === 0) return `${count}/${perMs / 1000}s`;
  return `${count}/${perMs}ms`;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new SettingsError(name, `'${raw}' must be a whole number of at least ${min}.`);
  return n;
}

/** The default delivery rate: LeadSquared's documented limit is a few requests per 5 s per tenant. */
export const defaultDeliveryRate: Rate = { count: 5, perMs: 5000 };
/** The default per-address limit on new leads: generous, since many phones share one carrier address. */
export const defaultClientRate: Rate = { count: 10, perMs: 60_000 };

/**
 * Whether a host name or address is this machine's loopback (127.0.0.0/8, ::1, localhost): what
 * only this computer can reach, and a browser sends as Host only for a page it got from here.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return (
    h === "localhost" ||
    h.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(h) ||
    h === "::1" ||
    h === "0:0:0:0:0:0:0:1" ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

function readTrustProxy(raw: string | undefined): false | number {
  const value = raw?.trim().toLowerCase() ?? "";
  if (value === "" || value === "0" || value === "false" || value === "no") return false;
  if (value === "true" || value === "yes") return 1;
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1 && n <= 10) return n;
  throw new SettingsError(
    "TRUST_PROXY",
    `'${raw}' is not a number of proxies: write 1 behind one reverse proxy (nginx, a load balancer), 2 behind two (a CDN, then nginx), or leave it unset when browsers connect to the relay directly.`,
  );
}

/**
 * Why this start is a production one, which must name its origin (SITE_ORIGIN); undefined for a
 * start on this machine alone, such as `npm start`.
 */
function productionReason(env: NodeJS.ProcessEnv, host: string, trustProxy: false | number): string | undefined {
  if (env.NODE_ENV === "production") return "NODE_ENV is production";
  if (!isLoopbackHost(host)) return `HOST=${host} takes connections from other machines`;
  if (trustProxy) return "TRUST_PROXY says a reverse proxy is in front";
  return undefined;
}

/** The settings from an environment (process.env by default). */
export function readSettings(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RelaySettings {
  const baseUrl = env.LEADSQUARED_BASE_URL?.trim() ?? "";
  const accessKey = env.LEADSQUARED_ACCESS_KEY?.trim() ?? "";
  const secretKey = env.LEADSQUARED_SECRET_KEY?.trim() ?? "";
  const given = [baseUrl, accessKey, secretKey].filter((v) => v !== "").length;
  if (given > 0 && given < 3) {
    const missing = [
      ["LEADSQUARED_BASE_URL", baseUrl],
      ["LEADSQUARED_ACCESS_KEY", accessKey],
      ["LEADSQUARED_SECRET_KEY", secretKey],
    ]
      .filter(([, v]) => v === "")
      .map(([k]) => k);
    throw new SettingsError(
      missing.join(", "),
      "set all three LeadSquared settings, or none to keep leads in the outbox only.",
    );
  }
  if (baseUrl !== "") {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new SettingsError(
        "LEADSQUARED_BASE_URL",
        `'${baseUrl}' is not a URL, such as https://api.leadsquared.com/v2.`,
      );
    }
    if (url.protocol !== "https:" && url.hostname !== "127.0.0.1" && url.hostname !== "localhost") {
      throw new SettingsError("LEADSQUARED_BASE_URL", "must use https (the keys travel in its query string).");
    }
    if (/LeadManagement\.svc/i.test(url.pathname)) {
      throw new SettingsError(
        "LEADSQUARED_BASE_URL",
        "give the base path only, up to and not including LeadManagement.svc.",
      );
    }
  }
  const port = positiveInt(env, "PORT", 3000, 0);
  const retryBaseMs = positiveInt(env, "LEADS_RETRY_BASE_MS", 2000);
  const retryMaxMs = positiveInt(env, "LEADS_RETRY_MAX_MS", 300_000);
  if (retryMaxMs < retryBaseMs) throw new SettingsError("LEADS_RETRY_MAX_MS", "must be at least LEADS_RETRY_BASE_MS.");
  const siteOrigin = env.SITE_ORIGIN?.trim() || undefined;
  if (siteOrigin !== undefined) {
    let origin: string;
    try {
      origin = new URL(siteOrigin).origin;
    } catch {
      origin = "";
    }
    if (origin !== siteOrigin.replace(/\/$/, "")) {
      throw new SettingsError(
        "SITE_ORIGIN",
        `'${siteOrigin}' must be an origin such as https://www.hospitals.example.`,
      );
    }
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new SettingsError("DATABASE_URL", "must be a PostgreSQL URL such as postgres://relay:secret@db:5432/leads.");
  }
  const crmTimeoutMs = positiveInt(env, "LEADS_CRM_TIMEOUT_MS", 15_000);
  const logLevel = env.LOG_LEVEL?.trim() || "info";
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new SettingsError("LOG_LEVEL", `'${logLevel}' is not one of fatal, error, warn, info, debug, trace, silent.`);
  }
  const metricsPort = env.METRICS_PORT?.trim() ? positiveInt(env, "METRICS_PORT", 0, 0) : undefined;
  const host = env.HOST?.trim() || "127.0.0.1";
  const trustProxy = readTrustProxy(env.TRUST_PROXY);
  const production = productionReason(env, host, trustProxy);
  if (siteOrigin === undefined && production !== undefined) {
    throw new SettingsError(
      "SITE_ORIGIN",
      `set it to the site's public origin, such as SITE_ORIGIN=https://www.hospitals.example. This is a production start (${production}), and the relay takes leads only from pages of the site's own origin: without SITE_ORIGIN it could only go by the Host each request names, which anyone can choose.`,
    );
  }
  return {
    port,
    host,
    distDir: path.resolve(cwd, env.DIST_DIR?.trim() || "dist"),
    dbFile: path.resolve(cwd, env.LEADS_DB?.trim() || "leads.db"),
    crm: baseUrl === "" ? undefined : { baseUrl, accessKey, secretKey, timeoutMs: crmTimeoutMs },
    deliveryRate: env.LEADS_RATE ? parseRate(env.LEADS_RATE, "LEADS_RATE") : defaultDeliveryRate,
    deliveryConcurrency: positiveInt(env, "LEADS_CONCURRENCY", 1),
    retryBaseMs,
    retryMaxMs,
    clientRate: env.LEADS_CLIENT_RATE ? parseRate(env.LEADS_CLIENT_RATE, "LEADS_CLIENT_RATE") : defaultClientRate,
    siteOrigin: siteOrigin?.replace(/\/$/, ""),
    trustProxy,
    databaseUrl,
    // Long enough for a CRM request and a database restart, so a lead is not sent twice.
    leaseMs: positiveInt(env, "LEADS_LEASE_MS", Math.max(60_000, crmTimeoutMs * 2 + 30_000), 1000),
    retentionMs: positiveInt(env, "LEADS_RETENTION_DAYS", 30) * 86_400_000,
    metrics:
      metricsPort === undefined ? undefined : { port: metricsPort, host: env.METRICS_HOST?.trim() || "127.0.0.1" },
    logLevel,
    cards: {
      cacheDir: path.resolve(cwd, env.SOCIAL_CARD_CACHE?.trim() || "node_modules/.cache/social-cards"),
      threads: positiveInt(env, "CARD_THREADS", 1),
      queue: positiveInt(env, "CARD_QUEUE", 100, 0),
    },
  };
}
