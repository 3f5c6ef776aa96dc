/**
 * The outbox as the relay sees it: one interface, two stores. Without DATABASE_URL it is a SQLite
 * file on the relay's own disk (sqlite-store.ts, one relay per file); with it, tables in a
 * PostgreSQL database shared by every relay instance (pg-store.ts). The relay, the delivery worker
 * and `npm run leads` only ever talk to this interface, and one test suite
 * (tests/server/store-contract.test.ts) holds both stores to it.
 *
 * Times a store hands out are milliseconds since the epoch by the store's clock. Durations go in
 * (a retry's delay, a lease's length) rather than instants, so relays whose clocks disagree still
 * agree on when a lead falls due: PostgreSQL's clock decides for all of them.
 */
import { createHash } from "node:crypto";
import type { Lead, LeadAttribute } from "../shared/leads/lead";

/** Where a lead stands. `withdrawn`: erased on the person's request before it was delivered. */
export type LeadStatus = "pending" | "delivered" | "dead" | "withdrawn";

/** The states of delivery, as `counts()` has always reported them. */
export type DeliveryStatus = "pending" | "delivered" | "dead";

/** A lead to store, with what makes a retried request recognisable. */
export interface NewLead extends Lead {
  /** The request's Idempotency-Key; absent: every request is a new lead. */
  idempotencyKey?: string;
  /** A hash of the request (form, answers, context): the same key with other answers is refused. */
  fingerprint: string;
}

/** What happened to a lead handed to accept(). */
export type AcceptResult =
  | { outcome: "created"; id: string }
  | { outcome: "replayed"; id: string }
  | { outcome: "conflict" };

/** A row of the outbox. Personal fields are empty once erased (`erasedAt` set). */
export interface LeadRow {
  /** The row number: delivery order. */
  seq: number;
  /** The public reference returned to the browser. */
  id: string;
  form: string;
  kind: string;
  payload: Record<string, string>;
  attributes: LeadAttribute[];
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  crmId: string | null;
  createdAt: number;
  deliveredAt: number | null;
  erasedAt: number | null;
}

/** A submission whose honeypot was filled in: kept apart for a person to review, never delivered. */
export interface HeldRow {
  id: string;
  form: string;
  kind: string;
  payload: Record<string, string>;
  attributes: LeadAttribute[];
  createdAt: number;
  erasedAt: number | null;
}

/** How many leads are in each state, and how many submissions are held for review. */
export type OutboxCounts = Record<LeadStatus, number> & { held: number };

/** What erasing one person's data touched. */
export interface ErasureReport {
  /** Pending or dead leads erased and withdrawn: they will not be delivered. */
  withdrawn: number;
  /** Delivered leads erased here; the CRM still holds its copy (erase it there too). */
  delivered: string[];
  /** Held submissions erased. */
  held: number;
}

/** The shared outbox. Every method may reject when the store cannot be reached. */
export interface LeadStore {
  /** "sqlite" or "postgres". */
  readonly kind: "sqlite" | "postgres";
  /** Where it is, for logs and `npm run leads`: a file path, or a database URL without its password. */
  readonly where: string;
  /**
   * Stores a lead; resolves once it is durable. A lead whose Idempotency-Key is already stored is
   * not stored again: the first lead's id comes back ("replayed"), or "conflict" when the key
   * came with other answers.
   */
  accept(lead: NewLead): Promise<AcceptResult>;
  /** Keeps a honeypot submission for review; returns its id. */
  hold(lead: Lead): Promise<string>;
  /**
   * Takes the next due lead for `leaseMs`: no other worker, in this process or another, gets it
   * until the lease ends or the lead is marked. Undefined when none is due.
   */
  claim(owner: string, leaseMs: number): Promise<LeadRow | undefined>;
  /** Gives a claimed lead back untouched (the worker could not send it yet). */
  release(seq: number, owner: string): Promise<void>;
  /** In how many ms the next unclaimed pending lead falls due (0: now); undefined when there is none. */
  dueInMs(): Promise<number | undefined>;
  /** The CRM took it. Recorded even if the lease ran out meanwhile: it was delivered. */
  markDelivered(seq: number, crmId: string | undefined): Promise<void>;
  /** Try again in `delayMs`. Only while `owner` still holds the lease. */
  markRetry(seq: number, owner: string, delayMs: number, reason: string): Promise<void>;
  /** The CRM refused it for good. Only while `owner` still holds the lease. */
  markDead(seq: number, owner: string, reason: string): Promise<void>;
  /** Makes every pending lead due now (the CRM is back: no need to wait out each backoff). */
  pullForward(): Promise<number>;
  /** Puts dead leads back in the queue; returns how many. */
  requeueDead(): Promise<number>;
  counts(): Promise<OutboxCounts>;
  /** The age in ms of the oldest pending lead, undefined when none is pending. */
  oldestPendingAgeMs(): Promise<number | undefined>;
  /** Leads in a state (or all), newest first. */
  list(status?: LeadStatus, limit?: number): Promise<LeadRow[]>;
  /** Held submissions, newest first. */
  listHeld(limit?: number): Promise<HeldRow[]>;
  /** Moves a held submission into the queue as a pending lead (a person, not a bot); false if there is none. */
  releaseHeld(id: string): Promise<boolean>;
  /**
   * Erases the personal fields of delivered leads delivered, and of held submissions received,
   * more than `retentionMs` ago. The rows keep id, status and timestamps. Returns how many.
   */
  eraseExpired(retentionMs: number): Promise<number>;
  /** Erases every lead and held submission with this phone number (see ErasureReport). */
  eraseByPhone(phone: string): Promise<ErasureReport>;
  /** A secret kept in the store, made on first use and the same for every relay that shares it. */
  secret(name: string): Promise<Buffer>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A fingerprint of a request (SHA-256 of its JSON): it only tells requests apart. */
export function fingerprintOf(parts: unknown): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}

/** What an erased row's fingerprint becomes: a replay of its key is answered, never compared. */
export const erasedFingerprint = "erased";

/**
 * A phone number as the outbox stores it (the forms keep 10 digits): digits only, and the last ten
 * of a longer number, so "+91 98765 43210" finds "9876543210".
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length > 10 ? digits.slice(-10) : digits;
}
