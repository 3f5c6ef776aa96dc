/**
 * The outbox in PostgreSQL, shared by every relay instance (DATABASE_URL).
 *
 * Why plain `pg` and `FOR UPDATE SKIP LOCKED` rather than a queue library (pg-boss,
 * graphile-worker): the lead row itself is the record the relay and its operators need — status,
 * attempts, the CRM's id, dead leads to re-queue, erasure after retention, the idempotency key that
 * stops a second submit on another instance. A queue library keeps jobs in its own tables with its
 * own life cycle (graphile-worker deletes finished jobs, pg-boss archives them), so there would be
 * two state machines to keep in step; and neither shares a CRM rate limit across workers. One table
 * with the same columns as the SQLite file, a claim with a lease, and one interface for both stores
 * is less to trust.
 *
 * Claims are leases, not open transactions: the claiming UPDATE commits at once, with
 * `lease_until` set. No connection is held while the CRM answers, and a relay killed mid-delivery
 * leaves a lease that simply runs out; then another relay sends the lead again (at least once).
 * Durability is PostgreSQL's: the relay answers 202 after the INSERT's commit, which with the
 * default synchronous_commit=on is flushed to the WAL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import type { Lead } from "../shared/leads/lead";
import { migrate } from "./pg-migrations";
import * as privacy from "./pg-privacy";
import { type RawRow, toRow } from "./raw-rows";
import {
  type AcceptResult,
  type ErasureReport,
  erasedFingerprint,
  type HeldRow,
  type LeadRow,
  type LeadStatus,
  type LeadStore,
  type NewLead,
  type OutboxCounts,
} from "./store";

const now = "relay_now_ms()";

/** Numbers stay numbers: bigint milliseconds fit a double, and the seq will for ages. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A database URL as logs may show it: no password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    u.search = "";
    return u.toString();
  } catch {
    return "postgres (unparseable DATABASE_URL)";
  }
}

/** Options of the PostgreSQL store. */
export interface PgStoreOptions {
  /** Connections per relay; default 10. */
  poolSize?: number;
  /** Told when an idle connection breaks (the database restarted): the pool replaces it. */
  onPoolError?: (error: Error) => void;
}

export class PgStore implements LeadStore {
  readonly kind = "postgres";
  readonly where: string;
  readonly pool: pg.Pool;

  private constructor(url: string, options: PgStoreOptions) {
    this.where = describeDatabaseUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // Fail fast while the database is away: the form is told to try again, rather than waiting.
      connectionTimeoutMillis: 3000,
      query_timeout: 10_000,
      idleTimeoutMillis: 30_000,
      application_name: "hospital-site-relay",
      types,
    });
    // Without a listener, a broken idle connection would crash the process.
    this.pool.on("error", (error) => options.onPoolError?.(error));
  }

  /** Connects and applies the migrations this database lacks. */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const store = new PgStore(url, options);
    try {
      const client = await store.pool.connect();
      try {
        await migrate(client);
      } finally {
        client.release();
      }
    } catch (error) {
      await store.pool.end();
      throw error;
    }
    return store;
  }

  private async rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(text, values)).rows;
  }

  async accept(lead: NewLead): Promise<AcceptResult> {
    for (;;) {
      const id = randomUUID();
      const inserted = await this.rows<{ id: string }>(
        `INSERT INTO relay_leads (id, idempotency_key, fingerprint, form, kind, payload, attributes, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, ${now}, ${now})
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [
          id,
          lead.idempotencyKey ?? null,
          lead.fingerprint,
          lead.form,
          lead.kind,
          JSON.stringify(lead.payload),
          JSON.stringify(lead.attributes),
        ],
      );
      if (inserted.length > 0) return { outcome: "created", id };
      // Another request (on any relay) holds the key. A statement of its own, so that it sees a
      // row committed while the INSERT waited.
      const [existing] = await this.rows<{ id: string; fingerprint: string }>(
        "SELECT id, fingerprint FROM relay_leads WHERE idempotency_key = $1",
        [lead.idempotencyKey],
      );
      if (!existing) continue;
      const same = existing.fingerprint === lead.fingerprint || existing.fingerprint === erasedFingerprint;
      return same ? { outcome: "replayed", id: existing.id } : { outcome: "conflict" };
    }
  }

  hold(lead: Lead): Promise<string> {
    return privacy.hold(this.pool, lead);
  }

  async claim(owner: string, leaseMs: number): Promise<LeadRow | undefined> {
    const [row] = await this.rows<RawRow>(
      `UPDATE relay_leads SET lease_owner = $1, lease_until = ${now} + $2
       WHERE seq = (
         SELECT seq FROM relay_leads
         WHERE status = 'pending' AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
         ORDER BY next_attempt_at, seq LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [owner, leaseMs],
    );
    return row && toRow(row);
  }

  async release(seq: number, owner: string) {
    await this.pool.query(
      "UPDATE relay_leads SET lease_owner = NULL, lease_until = NULL WHERE seq = $1 AND lease_owner = $2",
      [seq, owner],
    );
  }

  async dueInMs(): Promise<number | undefined> {
    const [row] = await this.rows<{ due: number | null }>(
      `SELECT greatest(0, min(greatest(next_attempt_at, coalesce(lease_until, 0))) - ${now}) AS due
       FROM relay_leads WHERE status = 'pending'`,
    );
    return row?.due ?? undefined;
  }

  async markDelivered(seq: number, crmId: string | undefined) {
    await this.pool.query(
      `UPDATE relay_leads SET status = 'delivered', attempts = attempts + 1, delivered_at = ${now}, crm_id = $2,
         last_error = NULL, lease_owner = NULL, lease_until = NULL
       WHERE seq = $1 AND status = 'pending'`,
      [seq, crmId ?? null],
    );
  }

  async markRetry(seq: number, owner: string, delayMs: number, reason: string) {
    await this.pool.query(
      `UPDATE relay_leads SET attempts = attempts + 1, next_attempt_at = ${now} + $3, last_error = $4,
         lease_owner = NULL, lease_until = NULL
       WHERE seq = $1 AND status = 'pending' AND lease_owner = $2`,
      [seq, owner, delayMs, reason],
    );
  }

  async markDead(seq: number, owner: string, reason: string) {
    await this.pool.query(
      `UPDATE relay_leads SET status = 'dead', attempts = attempts + 1, last_error = $3, lease_owner = NULL, lease_until = NULL
       WHERE seq = $1 AND status = 'pending' AND lease_owner = $2`,
      [seq, owner, reason],
    );
  }

  async pullForward() {
    const result = await this.pool.query(
      `UPDATE relay_leads SET next_attempt_at = ${now} WHERE status = 'pending' AND next_attempt_at > ${now}`,
    );
    return result.rowCount ?? 0;
  }

  async requeueDead() {
    const result = await this.pool.query(
      `UPDATE relay_leads SET status = 'pending', next_attempt_at = ${now}, last_error = NULL WHERE status = 'dead'`,
    );
    return result.rowCount ?? 0;
  }

  async counts(): Promise<OutboxCounts> {
    const rows = await this.rows<{ status: LeadStatus | "held"; n: number }>(
      `SELECT status, count(*)::int AS n FROM relay_leads GROUP BY status
       UNION ALL SELECT 'held', count(*)::int FROM relay_held_leads`,
    );
    const counts: OutboxCounts = { pending: 0, delivered: 0, dead: 0, withdrawn: 0, held: 0 };
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }

  async oldestPendingAgeMs() {
    const [row] = await this.rows<{ age: number | null }>(
      `SELECT ${now} - min(created_at) AS age FROM relay_leads WHERE status = 'pending'`,
    );
    return row?.age ?? undefined;
  }

  async list(status?: LeadStatus, limit = 50) {
    const rows = status
      ? await this.rows<RawRow>("SELECT * FROM relay_leads WHERE status = $1 ORDER BY seq DESC LIMIT $2", [
          status,
          limit,
        ])
      : await this.rows<RawRow>("SELECT * FROM relay_leads ORDER BY seq DESC LIMIT $1", [limit]);
    return rows.map(toRow);
  }

  listHeld(limit = 50): Promise<HeldRow[]> {
    return privacy.listHeld(this.pool, limit);
  }

  releaseHeld(id: string): Promise<boolean> {
    return privacy.releaseHeld(this.pool, id);
  }

  eraseExpired(retentionMs: number): Promise<number> {
    return privacy.eraseExpired(this.pool, retentionMs);
  }

  eraseByPhone(phone: string): Promise<ErasureReport> {
    return privacy.eraseByPhone(this.pool, phone);
  }

  async secret(name: string): Promise<Buffer> {
    await this.pool.query("INSERT INTO relay_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
      `secret:${name}`,
      randomBytes(32).toString("base64"),
    ]);
    const [row] = await this.rows<{ value: string }>("SELECT value FROM relay_meta WHERE key = $1", [`secret:${name}`]);
    return Buffer.from(row.value, "base64");
  }

  async ping() {
    await this.pool.query("SELECT 1 FROM relay_migrations LIMIT 1");
  }

  async close() {
    await this.pool.end();
  }
}
