/**
 * The guard: an onRequest hook that finds the request's session and refuses what needs one.
 * Signed out, an API call gets 403 JSON (never 401: the role matrix accepts only "allowed or
 * 403") and a page gets 303 to the sign-in; signed in, every write must carry the session's
 * CSRF token in `x-csrf-token` (the synchronizer token pattern: the app reads it from
 * GET /editor/api/me; another site can neither read it nor set the header).
 */
import type { FastifyInstance } from "fastify";
import { type AuthContext, pathOf, publicPerson, safeNext } from "./context";
import { messages } from "./messages";
import { signInStylesheet } from "./sign-in-page";
import { sameToken } from "./tokens";

/** Addresses anyone may reach: the sign-in page, its form, its stylesheet, the OpenID Connect routes. */
const open = new Set(["/editor/sign-in", "/editor/auth/oidc", "/editor/auth/oidc/callback", signInStylesheet]);

const reads = new Set(["GET", "HEAD"]);

export function installGuard(app: FastifyInstance, ctx: AuthContext): void {
  app.decorateRequest("person", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("csrfToken", null);
  app.addHook("onRequest", async (request, reply) => {
    const live = await ctx.sessions.resolve(request.cookies[ctx.cookies.session]);
    if (live) {
      request.person = publicPerson(live.person);
      request.sessionId = live.id;
      request.csrfToken = live.record.csrfToken;
    }
    const path = pathOf(request);
    if (open.has(path)) return;
    if (!live) {
      if (path.startsWith("/editor/api/") || !reads.has(request.method))
        return reply.code(403).send({ message: messages.signedOut });
      const next = safeNext(request.url, ctx.publicOrigin);
      return reply.redirect(`/editor/sign-in?next=${encodeURIComponent(next)}`, 303);
    }
    if (
      !reads.has(request.method) &&
      !sameToken(request.headers["x-csrf-token"] as string | undefined, live.record.csrfToken)
    )
      return reply.code(403).send({ message: messages.csrf });
  });
}
