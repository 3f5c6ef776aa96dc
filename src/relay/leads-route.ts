/**
 * POST ${apiBase}/leads: where the browser hands a lead to the relay.
 *
 * In order: the Origin must be the site's own; a plain form post (a form sent before the page's
 * script ran) gets a sentence for the person, 415; the cross-site token cookie and header must match;
 * the client address must be under its rate; the body must be JSON of at most 16 KiB; a filled-in
 * honeypot gets 202 and nothing else; the answers must keep the form's rules (the same rules.ts
 * as the browser: 400 with each field's message); an Idempotency-Key already used gets the first
 * answer again. Only then is the lead built from the form's config (never from the browser's
 * say-so) and written to the outbox, and 202 is answered once the write is on disk.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Form } from "../shared/generated/form";
import { boundContext, buildLead } from "../shared/leads/lead";
import { normaliseValues, submitCheckError, validateValues } from "../shared/leads/rules";
import type { ClientLimit } from "./client-limit";
import { fingerprintOf, type Outbox } from "./outbox";
import type { CsrfTokens } from "./security";
import { siteJson } from "./site-json";

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
  outbox: Outbox;
  csrf: CsrfTokens;
  limit: ClientLimit;
  /** The site's public origin; absent: the request's own (scheme and Host). */
  siteOrigin?: string;
  /** Behind a reverse proxy: take the client address and scheme from X-Forwarded-For/-Proto. */
  trustProxy: boolean;
  /** Told after each new lead (the delivery worker wakes up). */
  onAccepted?: () => void;
  log: (message: string) => void;
}

/** Writes a JSON answer that no cache keeps. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function lastForwarded(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(",") : value;
  const parts = (text ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1);
}

/**
 * The client's address. Behind a proxy (trustProxy), the last X-Forwarded-For entry: the one the
 * proxy itself added, which the client cannot forge.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? lastForwarded(req.headers["x-forwarded-for"]) : undefined;
  return forwarded ?? req.socket.remoteAddress ?? "unknown";
}

/** Whether the request came over https (directly, or per the proxy). */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = lastForwarded(req.headers["x-forwarded-proto"]);
    if (proto) return proto === "https";
  }
  return "encrypted" in req.socket && Boolean(req.socket.encrypted);
}

function expectedOrigin(req: IncomingMessage, deps: LeadRouteDeps): string | undefined {
  if (deps.siteOrigin) return deps.siteOrigin.toLowerCase();
  const host = req.headers.host;
  if (!host) return undefined;
  return `${isHttps(req, deps.trustProxy) ? "https" : "http"}://${host}`.toLowerCase();
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const length = Number(req.headers["content-length"]);
    if (length > maxBodyBytes) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Handles one POST to the leads endpoint. */
export async function handleLeadPost(req: IncomingMessage, res: ServerResponse, deps: LeadRouteDeps): Promise<void> {
  const started = performance.now();
  if (req.method !== "POST") return sendJson(res, 405, leadAnswers.methodNotAllowed, { Allow: "POST" });

  const origin = req.headers.origin?.toLowerCase();
  const expected = expectedOrigin(req, deps);
  if (!origin || !expected || origin !== expected) return sendJson(res, 403, leadAnswers.forbidden);

  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    // A form submitted before the page's script ran: a person is reading this answer. Answered
    // before the CSRF check, which such a post cannot pass (it has the cookie but no header), and
    // safe there: nothing is accepted or stored.
    req.resume();
    res.writeHead(415, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(noScriptAnswer);
    return;
  }

  if (!deps.csrf.check(req)) {
    // A fresh cookie rides with the refusal, so one retry by the page succeeds.
    deps.csrf.ensureCookie(req, res, isHttps(req, deps.trustProxy), true);
    return sendJson(res, 403, leadAnswers.csrf);
  }

  const wait = deps.limit.take(clientAddress(req, deps.trustProxy));
  if (wait > 0) {
    return sendJson(res, 429, leadAnswers.rateLimited, { "Retry-After": String(Math.ceil(wait / 1000)) });
  }

  if (type !== "application/json") return sendJson(res, 415, leadAnswers.unsupported);

  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) return sendJson(res, 413, leadAnswers.tooLarge, { Connection: "close" });
    throw error;
  }
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    return sendJson(res, 400, leadAnswers.badJson);
  }

  // A bot filled in the field people never see: it gets what a person would, and nothing is kept.
  if (typeof body.honeypot === "string" && body.honeypot.trim() !== "") {
    deps.log("Dropped a lead with the honeypot filled in.");
    return sendJson(res, 202, { status: "accepted", id: randomUUID() });
  }

  const form =
    typeof body.form === "string" && Object.hasOwn(deps.forms, body.form) ? deps.forms[body.form] : undefined;
  if (!form) return sendJson(res, 400, leadAnswers.unknownForm);

  const values = normaliseValues(form, body.values);
  const fields = validateValues(form, values);
  const check = form.submitCheck;
  if (check && fields[check.field] === undefined) {
    const message = submitCheckError(form, values);
    if (message !== undefined) fields[check.field] = message;
  }
  if (Object.keys(fields).length > 0) return sendJson(res, 400, { error: "invalid", fields });

  const keyHeader = req.headers["idempotency-key"];
  const key = typeof keyHeader === "string" ? keyHeader.trim() : undefined;
  if (key !== undefined && !keyPattern.test(key)) return sendJson(res, 400, leadAnswers.badKey);

  const context = boundContext(body.context);
  const lead = buildLead(form, values, context);
  let result: Awaited<ReturnType<Outbox["accept"]>>;
  try {
    result = await deps.outbox.accept({
      ...lead,
      idempotencyKey: key,
      fingerprint: fingerprintOf([form.id, values, context]),
    });
  } catch (error) {
    deps.log(`Could not write a lead to the outbox: ${error instanceof Error ? error.message : String(error)}`);
    return sendJson(res, 503, leadAnswers.unavailable, { "Retry-After": "5" });
  }
  if (result.outcome === "conflict") return sendJson(res, 422, leadAnswers.conflict);
  if (result.outcome === "created") deps.onAccepted?.();
  // How long the relay took, body and disk write included: the bench separates it from the time
  // a loaded machine adds around it.
  return sendJson(
    res,
    202,
    { status: "accepted", id: result.id },
    {
      "Server-Timing": `accept;dur=${(performance.now() - started).toFixed(2)}`,
    },
  );
}
