/**
 * A real Fastify server on 127.0.0.1 with the auth plugin and a tiny stand-in route table (a
 * page, an API read and an API write), over a fresh SQLite editor database, with a clock the
 * test moves. And a small browser: a cookie jar over fetch that never follows redirects.
 */
import path from "node:path";
import Fastify from "fastify";
import { type EditorDb, openEditorDb } from "../../../src/editor/server/auth/db";
import { type AuthSettings, allow, hasRole, registerAuth } from "../../../src/editor/server/auth/index";
import { hashPassword } from "../../../src/editor/server/auth/passwords";
import type { Role } from "../../../src/editor/server/auth/types";
import { tempDir } from "../../helpers/relay";
import { freePort } from "../../helpers/relay-process";

export interface AuthServer {
  origin: string;
  db: EditorDb;
  /** Moves the server's clock on. */
  advance(ms: number): void;
  /** Every log line the server wrote. */
  logs: string[];
  addPerson(email: string, roles: Role[], password?: string, languages?: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function startAuthServer(
  options: Partial<Omit<AuthSettings, "db" | "now">> & {
    databaseUrl?: string;
    port?: number;
    /** Headers every response carries (a browser test sets the editor's CSP). */
    headers?: Record<string, string>;
  } = {},
): Promise<AuthServer> {
  const { dir, cleanup } = tempDir("editor-auth-");
  let clock = Date.UTC(2026, 0, 5, 9);
  const db = await openEditorDb(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl }
      : { file: path.join(dir, "editor.db"), now: () => clock },
  );
  const logs: string[] = [];
  const app = Fastify({ logger: { level: "info", stream: { write: (line: string) => logs.push(line) } } });
  // The public origin is a setting, so the port is chosen before the server listens.
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const { port: _port, databaseUrl: _url, headers = {}, ...settings } = options;
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });
  await registerAuth(app, { publicOrigin: origin, ...settings, db, now: () => clock });
  app.get("/editor/", async (request, reply) => reply.type("text/html").send(`<p>Hello ${request.person?.name}</p>`));
  app.get("/editor/changes", async () => "changes");
  app.get("/editor/api/things", async (request) => ({ things: [], by: request.person?.email }));
  app.post("/editor/api/things", async () => ({ saved: true }));
  app.post("/editor/api/publish", { preHandler: allow((p) => hasRole(p, "publisher")) }, async () => ({
    published: true,
  }));
  await app.listen({ host: "127.0.0.1", port });
  return {
    origin,
    db,
    advance: (ms) => {
      clock += ms;
    },
    logs,
    addPerson: async (email, roles, password, languages = []) => {
      const person = await db.people.add({
        email,
        name: email.split("@")[0],
        roles,
        languages,
        passwordHash: password ? await hashPassword(password) : null,
      });
      return person.id;
    },
    close: async () => {
      await app.close();
      await db.close();
      cleanup();
    },
  };
}

/** A browser's cookie jar and requests, without following redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** The Set-Cookie headers of the last response. */
  lastSetCookies: string[] = [];

  constructor(readonly origin: string) {}

  async request(pathname: string, init: RequestInit & { csrf?: string | null } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.csrf) headers.set("x-csrf-token", init.csrf);
    const response = await fetch(new URL(pathname, this.origin), { ...init, headers, redirect: "manual" });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Opens the sign-in page and submits the form; returns the answer to the POST. */
  async signIn(email: string, password: string, next?: string): Promise<Response> {
    const page = await this.request(`/editor/sign-in${next ? `?next=${encodeURIComponent(next)}` : ""}`);
    const html = await page.text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const formNext = /name="next" value="([^"]+)"/.exec(html)?.[1] ?? "";
    return this.request("/editor/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.origin },
      body: new URLSearchParams({ email, password, form_token: token, next: formNext.replace(/&amp;/g, "&") }),
    });
  }

  /** GET /editor/api/me's CSRF token. */
  async csrf(): Promise<string> {
    return ((await (await this.request("/editor/api/me")).json()) as { csrfToken: string }).csrfToken;
  }
}
