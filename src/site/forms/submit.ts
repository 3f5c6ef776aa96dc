/**
 * Sends a lead to the site's own API (`${site.apiBase}/leads`) through the shared HTTP client. The
 * relay answers 202 once the lead is safely in its outbox.
 */
import { HTTPError, type KyInstance } from "ky";
import type { LeadRequest } from "../../shared/leads/lead";
import type { FieldErrors } from "../../shared/leads/rules";
import { site } from "../config/site-config";
import { http } from "../http/client";

/** The relay rejected some answers (400): the message of each field, from the same rules. */
export class LeadFieldErrors extends Error {
  constructor(readonly fields: FieldErrors) {
    super("The relay rejected some answers.");
    this.name = "LeadFieldErrors";
  }
}

/** The path leads are posted to: `${site.apiBase}/leads`. */
export function leadsPath(): string {
  return `${site.apiBase.replace(/\/+$/, "")}/leads`;
}

/** The URL leads are posted to, absolute against the page (so it works wherever the app is served). */
export function leadsUrl(): string {
  return typeof location === "undefined" ? leadsPath() : new URL(leadsPath(), location.href).href;
}

/**
 * A new Idempotency-Key: 128 random bits as hex. crypto.getRandomValues works on plain-http pages
 * too, where crypto.randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function errorBody(error: HTTPError): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await error.response.clone().json();
    return body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Posts the lead. Resolves when the relay accepted it; throws LeadFieldErrors when the relay found
 * answers that break the rules, or the HTTP error otherwise.
 *
 * A 403 for the cross-site token (the relay restarted with a new cookie, or the cookie expired
 * while the page was open) is retried once: the 403 answer carries a fresh cookie, and the same
 * Idempotency-Key keeps the retry one lead.
 */
export async function sendLead(request: LeadRequest, idempotencyKey: string, client: KyInstance = http): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.post(leadsUrl(), { json: request, headers: { "Idempotency-Key": idempotencyKey } });
      return;
    } catch (error) {
      if (!(error instanceof HTTPError)) throw error;
      const body = await errorBody(error);
      if (error.response.status === 403 && body.error === "csrf" && attempt === 1) continue;
      if (error.response.status === 400 && body.fields !== null && typeof body.fields === "object") {
        throw new LeadFieldErrors(body.fields as FieldErrors);
      }
      throw error;
    }
  }
}
