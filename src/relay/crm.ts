/**
 * LeadSquared's Lead.Capture (spec 7): POST `${base}/LeadManagement.svc/Lead.Capture` with the
 * access and secret keys as query parameters and a JSON array of {"Attribute", "Value"} pairs.
 *
 * What an answer means for the lead:
 * - 2xx without an error body: delivered.
 * - 429, 5xx, network errors and time-outs: try again later (the CRM is busy or down).
 * - 401/403/404: try again later too. They say the relay is misconfigured (keys, base URL), not
 *   that the lead is bad, and parking every lead as dead would bury them; the log says why.
 * - an error body {"Status":"Error","ExceptionType":"MX...","ExceptionMessage":...}, or another
 *   4xx: dead, with the reason. LeadSquared does not accept such a lead however often it is sent.
 *
 * The keys never appear in a reason, a log line or an error, in any encoding: whatever the CRM (or
 * a proxy in front of it) answers, even quoting the request URL, is masked (secret-mask.ts) before
 * it becomes a reason.
 */
import type { LeadAttribute } from "../shared/leads/lead";
import { secretMasker } from "./secret-mask";
import type { CrmSettings } from "./settings";

/** What one delivery attempt came to. */
export type CrmOutcome =
  | { kind: "delivered"; crmId?: string }
  | { kind: "retry"; reason: string; retryAfterMs?: number }
  | { kind: "dead"; reason: string };

/**
 * Sends one lead's attributes to the CRM. Never throws: every failure is an outcome. `signal`
 * abandons the request (the relay is stopping): the lead is then retried later.
 */
export type CrmSender = (attributes: LeadAttribute[], signal?: AbortSignal) => Promise<CrmOutcome>;

const retryStatuses = new Set([401, 403, 404, 408, 425, 429]);

function snippet(text: string, max = 300): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

/** Retry-After in milliseconds (seconds or an HTTP date), if the answer has one. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** What a CRM answer means for the lead (see the module comment). */
export function classifyCrmResponse(status: number, bodyText: string, retryAfter?: number): CrmOutcome {
  let body: unknown;
  try {
    body = bodyText === "" ? undefined : JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : undefined;
  const isError = record?.Status === "Error";
  const exceptionType = typeof record?.ExceptionType === "string" ? record.ExceptionType : "";
  const exceptionMessage = typeof record?.ExceptionMessage === "string" ? record.ExceptionMessage : "";
  const described = isError
    ? snippet(`${exceptionType || "Error"}: ${exceptionMessage}`)
    : `HTTP ${status}${bodyText ? `: ${snippet(bodyText)}` : ""}`;

  if (retryStatuses.has(status) || status >= 500) {
    // An MX error says the lead itself is refused; only a rate limit or an access problem is
    // worth waiting for even when it comes with one.
    if (isError && exceptionType.startsWith("MX") && !retryStatuses.has(status)) {
      return { kind: "dead", reason: described };
    }
    return { kind: "retry", reason: `HTTP ${status}${isError ? ` ${described}` : ""}`, retryAfterMs: retryAfter };
  }
  if (isError) return { kind: "dead", reason: described };
  if (status >= 200 && status < 300) {
    const message = record?.Message;
    const id = message !== null && typeof message === "object" ? (message as Record<string, unknown>).Id : undefined;
    return { kind: "delivered", crmId: typeof id === "string" ? id : undefined };
  }
  return { kind: "dead", reason: described };
}

/** The Lead.Capture URL, keys included: never log it. */
export function leadCaptureUrl(crm: CrmSettings): string {
  const base = crm.baseUrl.replace(/\/+$/, "");
  const query = new URLSearchParams({ accessKey: crm.accessKey, secretKey: crm.secretKey });
  return `${base}/LeadManagement.svc/Lead.Capture?${query}`;
}

function networkReason(error: unknown, crm: CrmSettings): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const text =
    e?.name === "TimeoutError"
      ? `timed out after ${crm.timeoutMs} ms`
      : (e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error));
  return `network: ${text}`;
}

/** A sender to LeadSquared with the given settings. */
export function leadSquaredSender(crm: CrmSettings, fetchImpl: typeof fetch = fetch): CrmSender {
  const url = leadCaptureUrl(crm);
  const mask = secretMasker([crm.accessKey, crm.secretKey]);
  const masked = (outcome: CrmOutcome): CrmOutcome =>
    outcome.kind === "delivered" ? outcome : { ...outcome, reason: mask(outcome.reason) };
  return async (attributes, signal) => masked(await send(attributes, signal));

  async function send(attributes: LeadAttribute[], signal?: AbortSignal): Promise<CrmOutcome> {
    try {
      const response = await fetchImpl(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(attributes),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(crm.timeoutMs)])
          : AbortSignal.timeout(crm.timeoutMs),
      });
      const text = await response.text();
      // Masked before it is cut to a snippet, which could leave half a key.
      return classifyCrmResponse(response.status, mask(text), retryAfterMs(response.headers.get("retry-after")));
    } catch (error) {
      return { kind: "retry", reason: networkReason(error, crm) };
    }
  }
}
