/**
 * The editor's sign-in, sessions and people, as one Fastify plugin (wrapped with fastify-plugin,
 * so its decorations and guard reach the routes registered beside it).
 *
 * It decorates `request.person` (Person | null), `request.sessionId`, `request.csrfToken` and
 * `app.audit`, installs the guard (guard.ts) and owns the routes under /editor/sign-in,
 * /editor/auth/ and /editor/api/{me,sign-out,sign-out-everywhere,people,audit}. It registers
 * @fastify/cookie and @fastify/formbody unless the app already has them.
 */
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Audit, AuthContext, OidcSettings } from "./context";
import type { EditorDb } from "./db";
import { installGuard } from "./guard";
import { oidcRoutes } from "./oidc";
import { peopleRoutes } from "./people-routes";
import { Sessions } from "./sessions";
import { SignInLimits } from "./sign-in-limits";
import { signInRoutes } from "./sign-in-routes";
import type { Person } from "./types";

export type { Audit, OidcSettings } from "./context";
export type { ChangeSetRow, ChangeSetStatus, EditorDb, ReviewRow } from "./db";
export { openEditorDb } from "./db";
export { allow, hasRole } from "./guard-helpers";
export { authSettingsFromEnv } from "./settings";
export type { Person, Role } from "./types";
export { runUserCommand } from "./user-command";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person; null when signed out. */
    person: Person | null;
    /** The session's id (from its cookie); null when signed out. Never log it. */
    sessionId: string | null;
    /** The session's CSRF token; null when signed out. Never log it. */
    csrfToken: string | null;
  }
  interface FastifyInstance {
    /** The audit log: append-only. */
    audit: Audit;
  }
}

/** The auth plugin's settings. */
export interface AuthSettings {
  /** openEditorDb({ databaseUrl?, file? }) from auth/db.ts. */
  db: EditorDb;
  /** e.g. "http://127.0.0.1:5190" or "https://editor.hospital.example"; cookies get Secure when it is https. */
  publicOrigin: string;
  oidc?: OidcSettings;
  /** Idle time-out; default 30 minutes. */
  idleMinutes?: number;
  /** Absolute time-out; default 12 hours. */
  absoluteHours?: number;
  /** The clock (tests); default Date.now. */
  now?: () => number;
}

async function auth(app: FastifyInstance, settings: AuthSettings): Promise<void> {
  const now = settings.now ?? Date.now;
  const secure = new URL(settings.publicOrigin).protocol === "https:";
  // __Host-: the browser keeps such a cookie only if Secure, for path / and this host alone, so
  // a neighbouring subdomain cannot plant a session or sign-in cookie (needs https).
  const prefix = secure ? "__Host-" : "";
  const idleMs = (settings.idleMinutes ?? 30) * 60_000;
  const absoluteMs = (settings.absoluteHours ?? 12) * 3_600_000;
  const db = settings.db;
  const audit: Audit = {
    record: (entry) =>
      db.audit.append({
        at: now(),
        actor: entry.actor,
        action: entry.action,
        detail: entry.detail,
        address: entry.address ?? null,
      }),
  };
  const ctx: AuthContext = {
    db,
    now,
    sessions: new Sessions(db, now, idleMs, absoluteMs),
    limits: new SignInLimits(db, now),
    audit,
    publicOrigin: new URL(settings.publicOrigin).origin,
    secure,
    cookies: { session: `${prefix}editor_session`, signIn: `${prefix}editor_sign_in`, oidc: `${prefix}editor_oidc` },
    absoluteMs,
    oidc: settings.oidc,
  };
  if (!app.hasDecorator("parseCookie")) await app.register(cookie);
  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) await app.register(formbody);
  app.decorate("audit", audit);
  installGuard(app, ctx);
  signInRoutes(app, ctx);
  oidcRoutes(app, ctx);
  peopleRoutes(app, ctx);
  // Expired sessions and old attempts are refused anyway; this only keeps the tables small.
  const prune = setInterval(() => {
    ctx.sessions.prune().catch(() => {});
    db.attempts.prune(now() - 24 * 3_600_000).catch(() => {});
    db.signInFlows.prune(now() - 3_600_000).catch(() => {});
  }, 15 * 60_000);
  prune.unref();
  app.addHook("onClose", async () => clearInterval(prune));
}

/**
 * Registers sign-in, sessions, the guard, the people routes and `app.audit` on the app.
 * The database is the caller's: it closes it.
 */
export const registerAuth: (app: FastifyInstance, settings: AuthSettings) => Promise<void> = async (app, settings) => {
  await app.register(fp(auth, { name: "editor-auth", fastify: "5.x" }), settings);
};
