/**
 * The PostgreSQL outbox's side of the personal data lifecycle (DPDP Act), as outbox-privacy.ts is
 * the SQLite file's: honeypot submissions held for review, personal fields erased after the
 * retention period, one person's leads erased on request. Erased rows keep id, status and times.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Lead } from "../shared/leads/lead";
import { type RawHeld, toHeld } from "./raw-rows";
import { type ErasureReport, erasedFingerprint, type HeldRow, phoneKey } from "./store";

const now = "relay_now_ms()";
const erasedFields = `payload = '{}', attributes = '[]', fingerprint = '${erasedFingerprint}', last_error = NULL, erased_at = ${now}`;
const hasPhone = `attributes @> jsonb_build_array(jsonb_build_object('Attribute', 'Phone', 'Value', $1::text))`;

async function rows<T extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query<T>(text, values)).rows;
}

export async function hold(pool: pg.Pool, lead: Lead): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO relay_held_leads (id, form, kind, payload, attributes, created_at) VALUES ($1, $2, $3, $4, $5, ${now})`,
    [id, lead.form, lead.kind, JSON.stringify(lead.payload), JSON.stringify(lead.attributes)],
  );
  return id;
}

export async function listHeld(pool: pg.Pool, limit = 50): Promise<HeldRow[]> {
  const held = await rows<RawHeld>(pool, "SELECT * FROM relay_held_leads ORDER BY created_at DESC LIMIT $1", [limit]);
  return held.map(toHeld);
}

export async function releaseHeld(pool: pg.Pool, id: string) {
  const result = await pool.query(
    `WITH moved AS (DELETE FROM relay_held_leads WHERE id = $1 AND erased_at IS NULL RETURNING *)
     INSERT INTO relay_leads (id, fingerprint, form, kind, payload, attributes, next_attempt_at, created_at)
     SELECT id, 'released', form, kind, payload, attributes, ${now}, created_at FROM moved`,
    [id],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function eraseExpired(pool: pg.Pool, retentionMs: number) {
  const leads = await pool.query(
    `UPDATE relay_leads SET ${erasedFields}
     WHERE status = 'delivered' AND delivered_at < ${now} - $1 AND erased_at IS NULL`,
    [retentionMs],
  );
  const held = await pool.query(
    `UPDATE relay_held_leads SET payload = '{}', attributes = '[]', erased_at = ${now}
     WHERE created_at < ${now} - $1 AND erased_at IS NULL`,
    [retentionMs],
  );
  return (leads.rowCount ?? 0) + (held.rowCount ?? 0);
}

export async function eraseByPhone(pool: pg.Pool, phone: string): Promise<ErasureReport> {
  const key = phoneKey(phone);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const delivered = await client.query<{ id: string }>(
      `UPDATE relay_leads SET ${erasedFields} WHERE status = 'delivered' AND ${hasPhone} RETURNING id`,
      [key],
    );
    const withdrawn = await client.query(
      `UPDATE relay_leads SET ${erasedFields}, status = 'withdrawn' WHERE status IN ('pending', 'dead') AND ${hasPhone}`,
      [key],
    );
    const held = await client.query(
      `UPDATE relay_held_leads SET payload = '{}', attributes = '[]', erased_at = ${now} WHERE erased_at IS NULL AND ${hasPhone}`,
      [key],
    );
    await client.query("COMMIT");
    return {
      withdrawn: withdrawn.rowCount ?? 0,
      delivered: delivered.rows.map((r) => r.id),
      held: held.rowCount ?? 0,
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
