/**
 * The SQLite outbox's tables, and how a file written by an older relay is brought up to date.
 * The file's `user_version` counts the migrations applied; each runs in one IMMEDIATE
 * transaction, so a relay and `npm run leads` opening the same file at once cannot both apply it.
 */
import type Database from "better-sqlite3";

const leadsTable = (name: string) => `
CREATE TABLE ${name} (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  idempotency_key TEXT UNIQUE,
  fingerprint TEXT NOT NULL,
  form TEXT NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  attributes TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead', 'withdrawn')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  crm_id TEXT,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  erased_at INTEGER
)`;

const copiedColumns =
  "seq, id, idempotency_key, fingerprint, form, kind, payload, attributes, status, attempts, next_attempt_at, last_error, crm_id, created_at, delivered_at";

/** Each migration once, in order. Never edit one that has shipped: add the next. */
const migrations: string[] = [
  // 1: the outbox as the first relay wrote it (files made before migrations were counted have it).
  `CREATE TABLE IF NOT EXISTS leads (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, idempotency_key TEXT UNIQUE,
     fingerprint TEXT NOT NULL, form TEXT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL,
     attributes TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT, crm_id TEXT,
     created_at INTEGER NOT NULL, delivered_at INTEGER);
   CREATE INDEX IF NOT EXISTS leads_due ON leads (status, next_attempt_at, seq);
   CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // 2: personal data lifecycle. A status CHECK cannot be altered in SQLite: the table is rebuilt.
  `${leadsTable("leads_v2")};
   INSERT INTO leads_v2 (${copiedColumns}) SELECT ${copiedColumns} FROM leads;
   DROP TABLE leads;
   ALTER TABLE leads_v2 RENAME TO leads;
   CREATE INDEX leads_due ON leads (status, next_attempt_at, seq);
   CREATE TABLE held_leads (
     id TEXT PRIMARY KEY, form TEXT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL,
     attributes TEXT NOT NULL, created_at INTEGER NOT NULL, erased_at INTEGER);`,
];

/** Brings the file's tables up to date. */
export function migrate(db: Database.Database): void {
  const apply = db.transaction(() => {
    const version = db.pragma("user_version", { simple: true }) as number;
    for (let i = version; i < migrations.length; i++) db.exec(migrations[i]);
    if (version < migrations.length) db.pragma(`user_version = ${migrations.length}`);
  });
  apply.immediate();
}
