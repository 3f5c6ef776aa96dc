/** What the auth plugin's parts share: the database, clock, sessions, limits and cookie names. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EditorDb } from "./db";
import type { Sessions } from "./sessions";
import type { SignInLimits } from "./sign-in-limits";
import type { Person } from "./types";

/** OpenID Connect settings: the hospital's identity provider. */
export interface OidcSettings {
  /** The issuer URL (discovery at <issuer>/.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
  /** The button reads "Sign in with <label>", e.g. "Microsoft". */
  label: string;
}

/** How one audit line is recorded. */
export interface Audit {
  record(entry: {
    actor: string | null;
    action: string;
    detail: Record<string, unknown>;
    address?: string;
  }): Promise<void>;
}

export interface AuthContext {
  db: EditorDb;
  now: () => number;
  sessions: Sessions;
  limits: SignInLimits;
  audit: Audit;
  publicOrigin: string;
  /** Cookies get Secure and the __Host- prefix when the public origin is https. */
  secure: boolean;
  cookies: { session: string; signIn: string; oidc: string };
  absoluteMs: number;
  oidc?: OidcSettings;
}

/** The person as routes and responses see them (no password hash). */
export function publicPerson(p: Person): Person {
  return {
    id: p.id,
    email: p.email,
    name: p.name,
    roles: [...p.roles],
    languages: [...p.languages],
    ...(p.doctor ? { doctor: p.doctor } : {}),
  };
}

/** The path of a request, without its query. */
export function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf("?");
  return q < 0 ? request.url : request.url.slice(0, q);
}

/**
 * Where to go after signing in: only a path of this editor (under /editor/), never another site
 * ("//evil.example", "/\\evil.example", "https://..."): otherwise /editor/.
 */
export function safeNext(next: unknown, publicOrigin: string): string {
  if (typeof next !== "string" || !next.startsWith("/editor/") || /[\\\s]/.test(next) || next.startsWith("//"))
    return "/editor/";
  try {
    const url = new URL(next, publicOrigin);
    if (url.origin !== new URL(publicOrigin).origin || !url.pathname.startsWith("/editor/")) return "/editor/";
    return url.pathname + url.search;
  } catch {
    return "/editor/";
  }
}

/** Sets a cookie with the attributes every auth cookie has: HttpOnly, path /, Secure behind https. */
export function setCookie(
  ctx: AuthContext,
  reply: FastifyReply,
  name: string,
  value: string,
  options: { maxAgeSeconds: number; sameSite: "lax" | "strict" },
): void {
  reply.setCookie(name, value, {
    httpOnly: true,
    secure: ctx.secure,
    sameSite: options.sameSite,
    path: "/",
    maxAge: options.maxAgeSeconds,
  });
}

export function clearCookie(ctx: AuthContext, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { httpOnly: true, secure: ctx.secure, sameSite: "lax", path: "/" });
}
