/**
 * POST ${apiBase}/leads: where the browser hands a lead to the relay (a Fastify route).
 *
 * In order, before the body is read (an onRequest hook): the Origin must be the site's own; a
 * plain form post (a form sent before the page's script ran) gets a sentence for the person, 415;
 * the cross-site token cookie and header must match; the client address must be under its rate;
 * the body must be JSON. Then Fastify reads at most 16 KiB and parses it, and the handler: a
 * filled-in honeypot gets 202 and is held apart for review, never delivered; the answers must
 * keep the form's rules (the same rules.ts as the browser: 400 with each field's message); an
 * Idempotency-Key already used (on any relay sharing the outbox) gets the first answer again.
 * Only then is the lead built from the form's config (never from the browser's say-so) and
 * written to the outbox, and 202 is answered once the write is durable.
 *
 * What reaches the CRM is safe there (issue 17): answers lose invisible characters before they
 * are checked, free text never starts a formula nor opens markup (lead-text.ts), and the page's
 * treatment, department and speciality are names from the site's own config (page-context.ts).
 */

import type { IncomingMessage } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Form } from "../shared/generated/form";
import { boundContext, buildLead, type Lead, type LeadContext } from "../shared/leads/lead";
import { type FormValues, normaliseValues, submitCheckError, validateValues } from "../shared/leads/rules";
import { withoutRefused } from "../shared/text/text-rule";
import type { ClientLimit } from "./client-limit";
import { crmSafeValues, visibleValues } from "./lead-text";
import type { Logger } from "./logger";
import type { RelayMetrics } from "./metrics";
import type { PageContext } from "./page-context";
import { clientAddress, isHttps, limitKey, type ProxyHops } from "./proxy";
import type { CsrfTokens } from "./security";
import { isLoopbackHost } from "./settings";
import { siteJson } from "./site-json";
import { type AcceptResult, fingerprintOf, type LeadStore } from "./store";

/** The largest body accepted. A lead is a few hundred bytes; 16 KiB leaves room for a long message. */
export const maxBodyBytes = 16 * 1024;

const keyPattern = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The answers' catalogue: what the browser (and a person reading the network tab) sees. */
export const leadAnswers = {
  forbidden: {
    error: "forbidden",
    message: "This request did not come from this website. Please reload the page and try again.",
  },
  csrf: {
    error: "csrf",
    message: "This page's security token is missing or out of date. Please try again.",
  },
  rateLimited: { error: "rate_limited", message: "Too many requests. Please wait a minute and try again." },
  unsupported: { error: "unsupported_media_type", message: "Send the lead as application/json." },
  tooLarge: { error: "too_large", message: "The request is too large." },
  badJson: { error: "bad_request", message: "The request body is not valid JSON." },
  unknownForm: { error: "unknown_form", message: "There is no such form." },
  badKey: {
    error: "bad_idempotency_key",
    message: "Idempotency-Key must be 8 to 128 letters, digits or . _ : -",
  },
  conflict: {
    error: "idempotency_conflict",
    message: "This Idempotency-Key was already used for a different request.",
  },
  unavailable: {
    error: "unavailable",
    message: "The request could not be saved. Please try again or call us.",
  },
  methodNotAllowed: { error: "method_not_allowed", message: "Use POST." },
} as const;

/** What a person whose page had not loaded its script yet reads after submitting a form. */
export const noScriptAnswer = `Your request has not been sent yet: the page was still loading. Please go back, wait a moment and send it again, or call us on ${siteJson.contact.phoneDisplay}.`;

/** What the route needs. */
export interface LeadRouteDeps {
  forms: Record<string, Form>;
  store: LeadStore;
  csrf: CsrfTokens;
  limit: ClientLimit;
  /** The site's public origin; absent: the request's own (scheme and Host), on this machine only. */
  siteOrigin?: string;
  /** What the site's config says about the page a lead came from. */
  pages: PageContext;
  /** Behind reverse proxies (how many): take the client address and scheme from X-Forwarded-For/-Proto. */
  trustProxy: ProxyHops;
  /** Told after each new lead (the delivery worker wakes up). */
  onAccepted?: () => void;
  /** Told when a lead is refused because SITE_ORIGIN is unset and the Host is not this machine. */
  onForeignHost?: (host: string) => void;
  log: Logger;
  metrics?: RelayMetrics;
}

/** Sends a JSON answer that no cache keeps. */
export function sendJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers })
    .send(JSON.stringify(body));
}

/** The host name of a Host header ("[::1]:3000" is "::1"). */
function hostName(host: string): string {
  const m = /^\[([^\]]*)\](?::\d*)?$/.exec(host) ?? /^([^:]*)(?::\d*)?$/.exec(host);
  return (m?.[1] ?? host).toLowerCase();
}

/**
 * The origin leads must come from: SITE_ORIGIN, or with none (a start on this machine, such as
 * `npm start`) the request's own scheme and Host, but only when that Host names this machine. A
 * Host such as evil.example is then a page of another site, or DNS rebinding aimed at a relay
 * running on someone's computer, and is refused.
 */
function expectedOrigin(req: IncomingMessage, deps: LeadRouteDeps): string | undefined {
  if (deps.siteOrigin) return deps.siteOrigin.toLowerCase();
  const host = req.headers.host;
  if (!host || !isLoopbackHost(hostName(host))) {
    if (host) deps.onForeignHost?.(host);
    return undefined;
  }
  return `${isHttps(req, deps.trustProxy) ? "https" : "http"}://${host}`.toLowerCase();
}

const contentType = (req: IncomingMessage) => (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();

/** The checks that need only the headers, before any of the body is read. */
function guard(deps: LeadRouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const req = request.raw;
    const origin = req.headers.origin?.toLowerCase();
    const expected = expectedOrigin(req, deps);
    if (!origin || !expected || origin !== expected) return sendJson(reply, 403, leadAnswers.forbidden);

    const type = contentType(req);
    if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
      // A form submitted before the page's script ran: a person is reading this answer. Answered
      // before the CSRF check, which such a post cannot pass (it has the cookie but no header), and
      // safe there: nothing is accepted or stored.
      return reply
        .code(415)
        .headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
        .send(noScriptAnswer);
    }

    if (!deps.csrf.check(req.headers)) {
      // A fresh cookie rides with the refusal, so one retry by the page succeeds.
      const cookie = deps.csrf.cookieFor(req.headers, isHttps(req, deps.trustProxy), true);
      if (cookie) reply.header("Set-Cookie", cookie);
      return sendJson(reply, 403, leadAnswers.csrf);
    }

    const wait = await deps.limit.take(limitKey(clientAddress(req, deps.trustProxy)));
    if (wait > 0) {
      return sendJson(reply, 429, leadAnswers.rateLimited, { "Retry-After": String(Math.ceil(wait / 1000)) });
    }

    if (type !== "application/json") return sendJson(reply, 415, leadAnswers.unsupported);
  };
}

/** Body errors from Fastify's parser, in the route's own words. */
function bodyErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.statusCode === 413) return sendJson(reply, 413, leadAnswers.tooLarge, { Connection: "close" });
  if (error.statusCode === 415) return sendJson(reply, 415, leadAnswers.unsupported);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendJson(reply, 400, leadAnswers.badJson);
  }
  throw error;
}

/** The answers of a request as the form's rules check them: the form's fields, visible characters only. */
function answersOf(form: Form, body: Record<string, unknown>): FormValues {
  return visibleValues(form, normaliseValues(form, body.values));
}

/**
 * The lead the relay builds: safe answers, and the page as the site's config names it. Should the
 * config not be readable, the lead is still taken, without the page's names, rather than lost.
 */
async function leadOf(form: Form, values: FormValues, claimed: LeadContext, deps: LeadRouteDeps): Promise<Lead> {
  let context: LeadContext = {};
  try {
    context = await deps.pages.resolve(claimed);
  } catch (error) {
    deps.log.error({ err: String(error) }, "Could not look up the page a lead came from; taking it without");
  }
  return buildLead(form, crmSafeValues(form, values), context);
}

/** What a honeypot submission is kept as: whatever can be read of it, for a person to judge. */
async function heldLead(form: Form | undefined, body: Record<string, unknown>, deps: LeadRouteDeps): Promise<Lead> {
  if (!form)
    return {
      form: withoutRefused(String(body.form ?? "").slice(0, 64), false),
      kind: "unknown" as Lead["kind"],
      payload: {},
      attributes: [],
    };
  // Released after review (npm run leads -- --release), it goes to the CRM as it is kept here.
  return leadOf(form, answersOf(form, body), boundContext(body.context), deps);
}

/** Registers the leads endpoint at `url` (POST; other methods get 405). */
export function registerLeadRoute(app: FastifyInstance, url: string, deps: LeadRouteDeps): void {
  app.route({
    method: ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url,
    handler: (_request, reply) => sendJson(reply, 405, leadAnswers.methodNotAllowed, { Allow: "POST" }),
  });
  app.route({
    method: "POST",
    url,
    bodyLimit: maxBodyBytes,
    onRequest: guard(deps),
    errorHandler: bodyErrors,
    handler: async (request, reply) => {
      const parsed = request.body;
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        return sendJson(reply, 400, leadAnswers.badJson);
      }
      const body = parsed as Record<string, unknown>;
      const form =
        typeof body.form === "string" && Object.hasOwn(deps.forms, body.form) ? deps.forms[body.form] : undefined;

      // A bot filled in the field people never see: it gets what a person would. The submission is
      // held apart (npm run leads -- --held), never delivered: a person whose browser filled the
      // field by mistake can still be called back after review.
      if (typeof body.honeypot === "string" && body.honeypot.trim() !== "") {
        try {
          const id = await deps.store.hold(await heldLead(form, body, deps));
          deps.metrics?.held.inc();
          deps.log.info({ held: id }, "Held a submission with the honeypot filled in, for review");
          return sendJson(reply, 202, { status: "accepted", id });
        } catch (error) {
          deps.log.error({ err: String(error) }, "Could not hold a honeypot submission");
          return sendJson(reply, 503, leadAnswers.unavailable, { "Retry-After": "5" });
        }
      }

      if (!form) return sendJson(reply, 400, leadAnswers.unknownForm);

      const values = answersOf(form, body);
      const fields = validateValues(form, values);
      const check = form.submitCheck;
      if (check && fields[check.field] === undefined) {
        const message = submitCheckError(form, values);
        if (message !== undefined) fields[check.field] = message;
      }
      if (Object.keys(fields).length > 0) return sendJson(reply, 400, { error: "invalid", fields });

      const keyHeader = request.headers["idempotency-key"];
      const key = typeof keyHeader === "string" ? keyHeader.trim() : undefined;
      if (key !== undefined && !keyPattern.test(key)) return sendJson(reply, 400, leadAnswers.badKey);

      const context = boundContext(body.context);
      const lead = await leadOf(form, values, context, deps);
      let result: AcceptResult;
      try {
        result = await deps.store.accept({
          ...lead,
          idempotencyKey: key,
          fingerprint: fingerprintOf([form.id, values, context]),
        });
      } catch (error) {
        deps.log.error(
          { err: error instanceof Error ? error.message : String(error) },
          "Could not write a lead to the outbox",
        );
        return sendJson(reply, 503, leadAnswers.unavailable, { "Retry-After": "5" });
      }
      if (result.outcome === "conflict") return sendJson(reply, 422, leadAnswers.conflict);
      deps.metrics?.accepted.inc({ form: form.id, outcome: result.outcome });
      if (result.outcome === "created") deps.onAccepted?.();
      // How long the relay took since the request arrived, checks, body and durable write included:
      // the bench separates it from the time a loaded machine adds around it.
      return sendJson(
        reply,
        202,
        { status: "accepted", id: result.id },
        { "Server-Timing": `accept;dur=${reply.elapsedTime.toFixed(2)}` },
      );
    },
  });
}
