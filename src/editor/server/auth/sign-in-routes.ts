/**
 * The sign-in page and form, sign-out, sign-out everywhere and "who am I".
 *
 * Login CSRF: the page sets a random token in a SameSite=Strict cookie and in the form; the POST
 * must bring both, equal, and an Origin (when the browser sends one) of this editor. So another
 * site cannot sign a visitor in to an account of its choosing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AuthContext, clearCookie, safeNext, setCookie } from "./context";
import { normaliseEmail } from "./db";
import { messages } from "./messages";
import { verifyPassword } from "./passwords";
import { renderSignInPage, type SignInView, signInCss, signInStylesheet } from "./sign-in-page";
import { newToken, sameToken } from "./tokens";

interface SignInForm {
  email?: string;
  password?: string;
  form_token?: string;
  next?: string;
}

/** Starts a session for the person: a new id (never one the browser brought), in a fresh cookie. */
export async function beginSession(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  person: { id: string; email: string },
  method: string,
): Promise<void> {
  // Whatever session the browser had ends: the id after sign-in is never the id before.
  const before = request.cookies[ctx.cookies.session];
  if (before) await ctx.sessions.end(before);
  const { id } = await ctx.sessions.start(person.id);
  setCookie(ctx, reply, ctx.cookies.session, id, { maxAgeSeconds: Math.floor(ctx.absoluteMs / 1000), sameSite: "lax" });
  await ctx.audit.record({ actor: person.email, action: "sign-in", detail: { method }, address: request.ip });
}

type PageView = Omit<SignInView, "formToken" | "oidcLabel">;

/**
 * Answers with the sign-in page, its login-CSRF token in the form and in a cookie. The browser's
 * token is kept while it has one: a second sign-in page (another tab, or the browser's own
 * request for /favicon.ico answered with the sign-in) must not invalidate the form on screen.
 */
export function signInPage(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  view: PageView,
): FastifyReply {
  const held = request.cookies[ctx.cookies.signIn];
  const formToken = held && /^[A-Za-z0-9_-]{43}$/.test(held) ? held : newToken();
  setCookie(ctx, reply, ctx.cookies.signIn, formToken, { maxAgeSeconds: 3600, sameSite: "strict" });
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(renderSignInPage({ ...view, formToken, oidcLabel: ctx.oidc?.label }));
}

export function signInRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, view: PageView) =>
    signInPage(ctx, request, reply, status, view);

  app.get(signInStylesheet, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(signInCss),
  );

  app.get<{ Querystring: { next?: string } }>("/editor/sign-in", async (request, reply) =>
    page(request, reply, 200, { next: safeNext(request.query.next, ctx.publicOrigin) }),
  );

  app.post<{ Body: SignInForm }>("/editor/sign-in", async (request, reply) => {
    const form = (request.body ?? {}) as SignInForm;
    const next = safeNext(form.next, ctx.publicOrigin);
    const email = normaliseEmail(typeof form.email === "string" ? form.email : "").slice(0, 320);
    const origin = request.headers.origin;
    const fromHere = !origin || origin === new URL(ctx.publicOrigin).origin;
    if (!fromHere || !sameToken(form.form_token, request.cookies[ctx.cookies.signIn]))
      return page(request, reply, 403, { next, email, error: messages.signInExpired });
    const password = typeof form.password === "string" ? form.password : "";
    if (!email || !password)
      return page(request, reply, 400, {
        next,
        email,
        error: messages.missingFields,
        errorField: email ? "password" : "email",
      });

    const refusal = await ctx.limits.refusal(email, request.ip);
    if (refusal) {
      // Logged, not audited: the failures that locked it are in the audit log already, and a
      // guesser hammering a lock must not grow a table nobody may prune.
      request.log.warn({ reason: refusal.reason }, "A sign-in was refused while locked");
      return page(request, reply, 429, { next, email, error: refusal.message, errorField: "password" });
    }
    const person = await ctx.db.people.byEmail(email);
    if (!(await verifyPassword(person?.passwordHash, password)) || !person) {
      await ctx.limits.failed(email, request.ip);
      await ctx.audit.record({
        actor: null,
        action: "sign-in-failed",
        detail: { email, method: "password" },
        address: request.ip,
      });
      const locked = await ctx.limits.refusal(email, request.ip);
      return page(request, reply, 401, {
        next,
        email,
        error: locked?.message ?? messages.wrongPassword,
        errorField: "password",
      });
    }
    await ctx.limits.succeeded(email);
    clearCookie(ctx, reply, ctx.cookies.signIn);
    await beginSession(ctx, request, reply, person, "password");
    return reply.redirect(next, 303);
  });

  app.get("/editor/api/me", async (request) => ({
    person: request.person,
    csrfToken: request.csrfToken,
  }));

  app.post("/editor/api/sign-out", async (request, reply) => {
    if (request.sessionId) await ctx.sessions.end(request.sessionId);
    clearCookie(ctx, reply, ctx.cookies.session);
    await ctx.audit.record({
      actor: request.person?.email ?? null,
      action: "sign-out",
      detail: {},
      address: request.ip,
    });
    return { signedOut: true };
  });

  app.post("/editor/api/sign-out-everywhere", async (request, reply) => {
    const person = request.person;
    const ended = person ? await ctx.sessions.endAll(person.id) : 0;
    clearCookie(ctx, reply, ctx.cookies.session);
    await ctx.audit.record({
      actor: person?.email ?? null,
      action: "sign-out-everywhere",
      detail: { sessions: ended },
      address: request.ip,
    });
    return { signedOut: true, sessions: ended };
  });
}
