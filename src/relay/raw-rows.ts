/**
 * Rows of the leads and held_leads tables as a database driver returns them, and the one mapping
 * to the store's records. The two stores differ only in their JSON columns: SQLite keeps them as
 * text, PostgreSQL's jsonb arrives parsed.
 */
import type { HeldRow, LeadRow, LeadStatus } from "./store";

/** A JSON column: text (SQLite) or already parsed (PostgreSQL). */
type JsonColumn<T> = string | T;

/** A leads row as a driver returns it. */
export interface RawRow {
  seq: number;
  id: string;
  form: string;
  kind: string;
  payload: JsonColumn<LeadRow["payload"]>;
  attributes: JsonColumn<LeadRow["attributes"]>;
  status: LeadStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  crm_id: string | null;
  created_at: number;
  delivered_at: number | null;
  erased_at: number | null;
}

/** A held_leads row as a driver returns it. */
export interface RawHeld {
  id: string;
  form: string;
  kind: string;
  payload: JsonColumn<HeldRow["payload"]>;
  attributes: JsonColumn<HeldRow["attributes"]>;
  created_at: number;
  erased_at: number | null;
}

const json = <T>(column: JsonColumn<T>): T => (typeof column === "string" ? (JSON.parse(column) as T) : column);

export function toRow(r: RawRow): LeadRow {
  return {
    seq: r.seq,
    id: r.id,
    form: r.form,
    kind: r.kind,
    payload: json(r.payload),
    attributes: json(r.attributes),
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    crmId: r.crm_id,
    createdAt: r.created_at,
    deliveredAt: r.delivered_at,
    erasedAt: r.erased_at ?? null,
  };
}

export function toHeld(r: RawHeld): HeldRow {
  return {
    id: r.id,
    form: r.form,
    kind: r.kind,
    payload: json(r.payload),
    attributes: json(r.attributes),
    createdAt: r.created_at,
    erasedAt: r.erased_at,
  };
}
