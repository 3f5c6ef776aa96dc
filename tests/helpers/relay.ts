/**
 * Starting the relay for tests: a real HTTP server on 127.0.0.1 (port 0), a real SQLite outbox in
 * a temporary directory, a tiny built site, and a "browser" that fetches a page for its
 * cross-site token and posts leads the way the lead form does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningServer, type ServerOptions, startServer } from "../../src/relay/app";
import type { Outbox } from "../../src/relay/outbox";
import { SqliteStore } from "../../src/relay/sqlite-store";

/** A temporary directory removed by cleanup(). */
export function tempDir(prefix = "relay-"): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A minimal dist/: an app shell and one hashed asset. */
export function writeFakeDist(dir: string): string {
  const dist = path.join(dir, "dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index-AbCdEf12.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, "assets", "index-AbCdEf12.js"), "console.log('app');");
  return dist;
}

export interface TestRelay {
  /** The server, with its SQLite outbox's synchronous face for tests to look into. */
  running: RunningServer & { outbox: Outbox };
  url: string;
  dbFile: string;
  dir: string;
  logs: string[];
  stop: () => Promise<void>;
}

/** Starts the relay with a file outbox in a fresh temporary directory. */
export async function startTestRelay(options: Partial<ServerOptions> = {}): Promise<TestRelay> {
  const { dir, cleanup } = tempDir();
  const dbFile = path.join(dir, "leads.db");
  const logs: string[] = [];
  const running = await startServer({
    port: 0,
    distDir: writeFakeDist(dir),
    leadsDb: dbFile,
    log: (m) => logs.push(m),
    retry: { baseMs: 20, maxMs: 200 },
    deliveryRate: { count: 100, perMs: 1000 },
    clientRate: { count: 1000, perMs: 60_000 },
    ...options,
  });
  if (!(running.store instanceof SqliteStore)) throw new Error("startTestRelay runs the SQLite outbox.");
  return {
    running: Object.assign(running, { outbox: running.store.outbox }),
    url: running.url,
    dbFile,
    dir,
    logs,
    stop: async () => {
      await running.close();
      cleanup();
    },
  };
}

/** The XSRF-TOKEN cookie a page response sets. */
export async function pageToken(url: string): Promise<string> {
  const res = await fetch(`${url}/home`);
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN="));
  if (!cookie) throw new Error("The page response set no XSRF-TOKEN cookie.");
  return cookie.slice("XSRF-TOKEN=".length).split(";")[0];
}

/** A valid appointment request from a treatment page. */
export function appointmentBody(overrides: Record<string, unknown> = {}) {
  return {
    form: "appointment",
    values: { name: "Asha Rao", mobile: "9876543210", email: "asha@example.com" },
    context: { treatment: "Heart Failure", department: "Cardiology" },
    honeypot: "",
    ...overrides,
  };
}

export interface PostOptions {
  token?: string | null;
  cookie?: string | null;
  origin?: string | null;
  key?: string;
  headers?: Record<string, string>;
  raw?: string;
}

/** Posts a lead like the browser does; every part can be left out or replaced. */
export async function postLead(url: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  const origin = options.origin === undefined ? url : options.origin;
  if (origin !== null) headers.Origin = origin;
  const cookie = options.cookie === undefined ? options.token : options.cookie;
  if (cookie) headers.Cookie = `XSRF-TOKEN=${cookie}`;
  if (options.token) headers["X-XSRF-TOKEN"] = options.token;
  if (options.key) headers["Idempotency-Key"] = options.key;
  return fetch(`${url}/api/leads`, {
    method: "POST",
    headers: { ...headers, ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  });
}
