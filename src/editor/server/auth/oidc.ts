/**
 * Signing in with the hospital's identity provider: OpenID Connect, authorization code with PKCE
 * (openid-client v6, by the author of the certified `jose`/`oauth4webapi`: it checks the ID
 * token's signature, issuer, audience, nonce and the state for us).
 *
 * The flow's secrets (PKCE verifier, state, nonce) wait in the editor database under the hash of
 * a random id held in a short-lived cookie, so the return may land on another editor instance.
 * A person is matched by a verified email to an account an administrator made; an unknown email
 * is refused in words, never created.
 */
import type { FastifyInstance } from "fastify";
import * as client from "openid-client";
import { type AuthContext, clearCookie, safeNext, setCookie } from "./context";
import { normaliseEmail } from "./db";
import { messages } from "./messages";
import { beginSession, signInPage } from "./sign-in-routes";
import { hashToken, newToken } from "./tokens";

const flowMs = 10 * 60_000;

/** An email the provider vouches for: email_verified, or Entra ID's "domain owner verified" (xms_edov). */
function verifiedEmail(claims: Record<string, unknown>): { email?: string; verified: boolean } {
  const email = typeof claims.email === "string" ? normaliseEmail(claims.email) : undefined;
  return { email, verified: claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === "1" };
}

export function oidcRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const settings = ctx.oidc;
  const redirectUri = `${ctx.publicOrigin}/editor/auth/oidc/callback`;
  let configuration: Promise<client.Configuration> | undefined;
  // Discovery once, on first use; a failure (provider unreachable) is retried next time.
  const config = () => {
    if (!settings) throw new Error("OpenID Connect is not set up");
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [redirectUri], response_types: ["code"] },
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        // Plain http only for a provider on this machine (tests); settings.ts refuses it elsewhere.
        new URL(settings.issuer).protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  app.get<{ Querystring: { next?: string } }>("/editor/auth/oidc", async (request, reply) => {
    if (!settings) return reply.code(404).send({ message: messages.oidcNotSet });
    let cfg: client.Configuration;
    try {
      cfg = await config();
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, "The identity provider could not be reached");
      return signInPage(ctx, request, reply, 503, { next: "/editor/", error: messages.oidcFailed });
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const id = newToken();
    await ctx.db.signInFlows.put({
      idHash: hashToken(id),
      codeVerifier,
      state,
      nonce,
      next: safeNext(request.query.next, ctx.publicOrigin),
      createdAt: ctx.now(),
    });
    // Lax, not Strict: the provider sends the browser back with a top-level GET from its site.
    setCookie(ctx, reply, ctx.cookies.oidc, id, { maxAgeSeconds: flowMs / 1000, sameSite: "lax" });
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return reply.header("cache-control", "no-store").redirect(url.href, 303);
  });

  // Its address carries the authorization code and state: no request line of it is logged.
  app.get("/editor/auth/oidc/callback", { logLevel: "warn" }, async (request, reply) => {
    if (!settings) return reply.code(404).send({ message: messages.oidcNotSet });
    const id = request.cookies[ctx.cookies.oidc];
    clearCookie(ctx, reply, ctx.cookies.oidc);
    const flow = id ? await ctx.db.signInFlows.take(hashToken(id)) : undefined;
    const failed = async (reason: string, error: string = messages.oidcFailed, email?: string) => {
      await ctx.audit.record({
        actor: null,
        action: "sign-in-failed",
        detail: { method: "oidc", reason, ...(email ? { email } : {}) },
        address: request.ip,
      });
      return signInPage(ctx, request, reply, 403, { next: flow?.next ?? "/editor/", error });
    };
    if (!flow || ctx.now() - flow.createdAt > flowMs) return failed("no sign-in under way");
    let claims: Record<string, unknown>;
    try {
      const cfg = await config();
      const tokens = await client.authorizationCodeGrant(cfg, new URL(request.url, ctx.publicOrigin), {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      if (typeof claims.email !== "string" && tokens.access_token && typeof claims.sub === "string")
        claims = { ...(await client.fetchUserInfo(cfg, tokens.access_token, claims.sub)), ...claims };
    } catch (error) {
      // The error's name and code only: its message may quote what the provider sent back.
      const e = error as { name?: string; code?: string; error?: string };
      return failed(`provider: ${[e.name, e.code, e.error].filter(Boolean).join(" ")}`);
    }
    const { email, verified } = verifiedEmail(claims);
    if (!email || !verified) return failed("email not verified", messages.oidcUnverified, email);
    const person = await ctx.db.people.byEmail(email);
    if (!person) return failed("no account", messages.oidcUnknown(email), email);
    await beginSession(ctx, request, reply, person, "oidc");
    return reply.redirect(flow.next, 303);
  });
}
