/**
 * The SQLite outbox's side of the personal data lifecycle (DPDP Act): honeypot submissions held
 * for review, personal fields erased once a delivered lead is past its retention, and one
 * person's leads erased on request. An erased row keeps its id, status and timestamps, so counts
 * and the delivery history stay true; its answers, attributes, fingerprint (a hash of the
 * answers, so still personal) and last error (CRM messages quote phone numbers) are gone.
 */
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Lead } from "../shared/leads/lead";
import { type RawHeld, toHeld } from "./raw-rows";
import { type ErasureReport, erasedFingerprint, type HeldRow, phoneKey } from "./store";

const erasedFields = `payload = '{}', attributes = '[]', fingerprint = '${erasedFingerprint}', last_error = NULL`;

/** Whether a row's attributes hold this phone (as stored: 10 digits). */
const hasPhone = `EXISTS (SELECT 1 FROM json_each(attributes)
  WHERE json_extract(value, '$.Attribute') = 'Phone' AND json_extract(value, '$.Value') = @phone)`;

export function hold(db: Database.Database, lead: Lead, now: number): string {
  const id = randomUUID();
  db.prepare("INSERT INTO held_leads (id, form, kind, payload, attributes, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    id,
    lead.form,
    lead.kind,
    JSON.stringify(lead.payload),
    JSON.stringify(lead.attributes),
    now,
  );
  return id;
}

export function listHeld(db: Database.Database, limit: number): HeldRow[] {
  return db
    .prepare<[number], RawHeld>("SELECT * FROM held_leads ORDER BY created_at DESC, rowid DESC LIMIT ?")
    .all(limit)
    .map(toHeld);
}

/** Moves a held submission into the queue (its answers were a person's after all). */
export function releaseHeld(db: Database.Database, id: string, now: number): boolean {
  return db.transaction(() => {
    const held = db.prepare<[string], RawHeld>("SELECT * FROM held_leads WHERE id = ? AND erased_at IS NULL").get(id);
    if (!held) return false;
    db.prepare(
      `INSERT INTO leads (id, fingerprint, form, kind, payload, attributes, next_attempt_at, created_at)
       VALUES (?, 'released', ?, ?, ?, ?, ?, ?)`,
    ).run(held.id, held.form, held.kind, held.payload, held.attributes, now, held.created_at);
    db.prepare("DELETE FROM held_leads WHERE id = ?").run(id);
    return true;
  })();
}

export function eraseExpired(db: Database.Database, retentionMs: number, now: number): number {
  const cutoff = now - retentionMs;
  return db.transaction(() => {
    const leads = db
      .prepare(
        `UPDATE leads SET ${erasedFields}, erased_at = ? WHERE status = 'delivered' AND delivered_at < ? AND erased_at IS NULL`,
      )
      .run(now, cutoff).changes;
    const held = db
      .prepare(
        "UPDATE held_leads SET payload = '{}', attributes = '[]', erased_at = ? WHERE created_at < ? AND erased_at IS NULL",
      )
      .run(now, cutoff).changes;
    return leads + held;
  })();
}

export function eraseByPhone(db: Database.Database, phone: string, now: number): ErasureReport {
  const params = { phone: phoneKey(phone), now };
  return db.transaction(() => {
    const delivered = db
      .prepare<typeof params, { id: string }>(
        `UPDATE leads SET ${erasedFields}, erased_at = @now WHERE status = 'delivered' AND ${hasPhone} RETURNING id`,
      )
      .all(params)
      .map((r) => r.id);
    const withdrawn = db
      .prepare(
        `UPDATE leads SET ${erasedFields}, erased_at = @now, status = 'withdrawn'
         WHERE status IN ('pending', 'dead') AND ${hasPhone}`,
      )
      .run(params).changes;
    const held = db
      .prepare(
        `UPDATE held_leads SET payload = '{}', attributes = '[]', erased_at = @now WHERE erased_at IS NULL AND ${hasPhone}`,
      )
      .run(params).changes;
    return { withdrawn, delivered, held };
  })();
}
