/**
 * The durable outbox: every accepted lead is a row of a SQLite file before the relay answers 202,
 * and stays there (pending) until the CRM took it (delivered) or rejected it for good (dead).
 *
 * Durability. The file is in WAL mode. New leads are written by a worker thread
 * (outbox-writer.cjs, through outbox-group-writer.ts) whose connection runs synchronous=FULL: each commit is fsync'ed to the WAL
 * before the answer, so an accepted lead survives a power cut, not just a crash of the process.
 * Commits are grouped: the leads that arrive while one group is being synced are written together
 * in the next transaction, so a burst costs one fsync per group, and the fsync happens off the
 * event loop. The relay's own connection (delivery marks, reads) uses synchronous=NORMAL: in WAL
 * mode that is still safe against a crash of the process, and what a power cut could undo is
 * only a "delivered" mark, which makes the lead be sent again (at least once), never lost.
 */
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import type { Lead } from "../shared/leads/lead";
import { GroupWriter } from "./outbox-group-writer";
import * as privacy from "./outbox-privacy";
import { migrate } from "./outbox-schema";
import { type RawRow, toRow } from "./raw-rows";
import type { AcceptResult, DeliveryStatus, ErasureReport, HeldRow, LeadRow, LeadStatus, NewLead } from "./store";

function open(file: string, synchronous: "FULL" | "NORMAL"): Database.Database {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${synchronous}`);
  return db;
}

/** Options of the outbox. */
export interface OutboxOptions {
  /** The clock (ms since the epoch); tests may fix it. */
  now?: () => number;
  /**
   * Where new leads are written: "thread" (default for a file: a worker thread, off the event
   * loop) or "inline" (this thread; always for ":memory:", and for short-lived tools).
   */
  writer?: "thread" | "inline";
}

/** The outbox in one SQLite file (":memory:" for a throwaway one, in tests). */
export class Outbox {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly writes: GroupWriter;
  private closed = false;
  private readonly statements;

  constructor(file: string, options: OutboxOptions = {}) {
    this.file = file;
    this.now = options.now ?? Date.now;
    const inline = file === ":memory:" || options.writer === "inline";
    this.db = open(file, inline ? "FULL" : "NORMAL");
    migrate(this.db);
    // Checkpoints write and sync the database file: the writer thread does them, not this one.
    if (!inline) this.db.pragma("wal_autocheckpoint = 0");
    const w = this.db;
    this.statements = {
      due: w.prepare<[number, number], RawRow>(
        "SELECT * FROM leads WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?",
      ),
      nextDueAt: w.prepare<[], { at: number | null }>(
        "SELECT MIN(next_attempt_at) AS at FROM leads WHERE status = 'pending'",
      ),
      delivered: w.prepare(
        "UPDATE leads SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, crm_id = ?, last_error = NULL WHERE seq = ? AND status = 'pending'",
      ),
      retry: w.prepare(
        "UPDATE leads SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE seq = ? AND status = 'pending'",
      ),
      dead: w.prepare(
        "UPDATE leads SET status = 'dead', attempts = attempts + 1, last_error = ? WHERE seq = ? AND status = 'pending'",
      ),
      pullForward: w.prepare("UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?"),
    };
    this.writes = new GroupWriter(file, this.now, inline ? this.db : undefined);
  }

  /**
   * Stores a lead; resolves once it is committed to disk. A lead whose Idempotency-Key is already
   * stored is not stored again: the first lead's id comes back ("replayed"), or "conflict" when
   * the key came with other answers.
   */
  accept(lead: NewLead): Promise<AcceptResult> {
    return this.writes.accept(lead);
  }

  /** Pending leads due by `now`, oldest first, leaving out those in `skip` (being delivered). */
  due(now: number, limit: number, skip: ReadonlySet<number> = new Set()): LeadRow[] {
    return this.statements.due
      .all(now, limit + skip.size)
      .filter((r) => !skip.has(r.seq))
      .slice(0, limit)
      .map(toRow);
  }

  /** When the next pending lead falls due, or undefined when none is pending. */
  nextDueAt(): number | undefined {
    return this.statements.nextDueAt.get()?.at ?? undefined;
  }

  markDelivered(seq: number, crmId: string | undefined): void {
    this.statements.delivered.run(this.now(), crmId ?? null, seq);
  }

  markRetry(seq: number, nextAttemptAt: number, reason: string): void {
    this.statements.retry.run(nextAttemptAt, reason, seq);
  }

  markDead(seq: number, reason: string): void {
    this.statements.dead.run(reason, seq);
  }

  /** Makes every pending lead due now (the CRM is back: no need to wait out each lead's backoff). */
  pullForward(now: number): number {
    return this.statements.pullForward.run(now, now).changes;
  }

  /** Puts dead leads back in the queue; returns how many. */
  requeueDead(): number {
    return this.db
      .prepare("UPDATE leads SET status = 'pending', next_attempt_at = ?, last_error = NULL WHERE status = 'dead'")
      .run(this.now()).changes;
  }

  /** How many leads are in each state of delivery. */
  counts(): Record<DeliveryStatus, number> {
    const counts: Record<DeliveryStatus, number> = { pending: 0, delivered: 0, dead: 0 };
    for (const [status, n] of Object.entries(this.statusCounts()))
      if (status in counts) counts[status as DeliveryStatus] = n;
    return counts;
  }

  /** Every state, withdrawn leads and held submissions included. */
  allCounts(): Record<LeadStatus | "held", number> {
    const held = this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM held_leads").get()?.n ?? 0;
    return { pending: 0, delivered: 0, dead: 0, withdrawn: 0, ...this.statusCounts(), held };
  }

  private statusCounts(): Partial<Record<LeadStatus, number>> {
    const rows = this.db
      .prepare<[], { status: LeadStatus; n: number }>("SELECT status, COUNT(*) AS n FROM leads GROUP BY status")
      .all();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  /** When the oldest pending lead was accepted, undefined when none is pending. */
  oldestPendingAt(): number | undefined {
    return (
      this.db
        .prepare<[], { at: number | null }>("SELECT MIN(created_at) AS at FROM leads WHERE status = 'pending'")
        .get()?.at ?? undefined
    );
  }

  /** The next pending leads in due order, due or not (the worker skips those it is sending). */
  upcoming(limit: number): { seq: number; nextAttemptAt: number }[] {
    return this.db
      .prepare<[number], { seq: number; nextAttemptAt: number }>(
        "SELECT seq, next_attempt_at AS nextAttemptAt FROM leads WHERE status = 'pending' ORDER BY next_attempt_at, seq LIMIT ?",
      )
      .all(limit);
  }

  /** Keeps a honeypot submission apart for review. */
  hold(lead: Lead): string {
    return privacy.hold(this.db, lead, this.now());
  }

  listHeld(limit = 50): HeldRow[] {
    return privacy.listHeld(this.db, limit);
  }

  releaseHeld(id: string): boolean {
    return privacy.releaseHeld(this.db, id, this.now());
  }

  /** Erases personal fields of leads delivered (and submissions held) more than retentionMs ago. */
  eraseExpired(retentionMs: number): number {
    return privacy.eraseExpired(this.db, retentionMs, this.now());
  }

  /** Erases one person's leads and held submissions; pending and dead ones are withdrawn. */
  eraseByPhone(phone: string): ErasureReport {
    return privacy.eraseByPhone(this.db, phone, this.now());
  }

  /** Leads in a state (or all), newest first. */
  list(status?: LeadStatus, limit = 50): LeadRow[] {
    const rows = status
      ? this.db
          .prepare<[string, number], RawRow>("SELECT * FROM leads WHERE status = ? ORDER BY seq DESC LIMIT ?")
          .all(status, limit)
      : this.db.prepare<[number], RawRow>("SELECT * FROM leads ORDER BY seq DESC LIMIT ?").all(limit);
    return rows.map(toRow);
  }

  /**
   * A secret kept in the outbox file, made on first use: signing keys that must outlive a
   * restart (the cross-site token) without another setting to manage.
   */
  secret(name: string): Buffer {
    const row = this.db
      .prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?")
      .get(`secret:${name}`);
    if (row) return Buffer.from(row.value, "base64");
    const value = randomBytes(32);
    this.db
      .prepare("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)")
      .run(`secret:${name}`, value.toString("base64"));
    return this.secret(name);
  }

  /** Writes what is queued, stops the writer, then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.writes.close();
    this.db.close();
  }
}

export { fingerprintOf } from "./store";
export type { AcceptResult, LeadRow, LeadStatus, NewLead };
