/**
 * The editor's tables in PostgreSQL, created and updated when an editor starts. As the relay's
 * (src/relay/pg-migrations.ts): the whole run holds a transaction-level advisory lock, so editor
 * instances starting together wait for the first rather than failing. Every name is prefixed
 * `editor_`, so the editor can share a database with the relay.
 */
import type { PoolClient } from "pg";

/** pg_advisory_xact_lock's key for "editor-migrations" (not the relay's). */
const lockKey = 7_263_019_553_224;

/** Each migration once, in order. Never edit one that has shipped: add the next. */
const migrations: string[] = [
  `CREATE TABLE editor_people (
     id uuid PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL, roles jsonb NOT NULL,
     languages jsonb NOT NULL, password_hash text, created_at bigint NOT NULL);
   CREATE TABLE editor_sessions (
     id_hash text PRIMARY KEY, person_id uuid NOT NULL REFERENCES editor_people (id) ON DELETE CASCADE,
     csrf_token text NOT NULL, created_at bigint NOT NULL, last_seen_at bigint NOT NULL);
   CREATE INDEX editor_sessions_person ON editor_sessions (person_id);
   CREATE TABLE editor_sign_in_attempts (key text NOT NULL, at bigint NOT NULL);
   CREATE INDEX editor_sign_in_attempts_key ON editor_sign_in_attempts (key, at);
   CREATE TABLE editor_sign_in_flows (
     id_hash text PRIMARY KEY, code_verifier text NOT NULL, state text NOT NULL, nonce text NOT NULL,
     next text NOT NULL, created_at bigint NOT NULL);
   CREATE TABLE editor_audit (
     seq bigserial PRIMARY KEY, at bigint NOT NULL, actor text, action text NOT NULL,
     detail jsonb NOT NULL, address text);
   -- Append-only, whoever connects: the code has no UPDATE or DELETE of it, and the table refuses them.
   CREATE FUNCTION editor_audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'The audit log is append-only.';
   END $$;
   CREATE TRIGGER editor_audit_append_only BEFORE UPDATE OR DELETE ON editor_audit
     FOR EACH ROW EXECUTE FUNCTION editor_audit_refuse();
   CREATE TRIGGER editor_audit_no_truncate BEFORE TRUNCATE ON editor_audit
     FOR EACH STATEMENT EXECUTE FUNCTION editor_audit_refuse();
   CREATE TABLE editor_change_sets (
     id text PRIMARY KEY, title text NOT NULL, author text NOT NULL, created_at bigint NOT NULL,
     status text NOT NULL, status_by text NOT NULL, status_at bigint NOT NULL);
   CREATE TABLE editor_change_set_reviews (
     seq bigserial PRIMARY KEY, change_set_id text NOT NULL, by text NOT NULL, verdict text NOT NULL,
     comment text NOT NULL, at bigint NOT NULL);
   CREATE INDEX editor_change_set_reviews_cs ON editor_change_set_reviews (change_set_id, seq);`,
  // A clinical reviewer's doctor (a slug of the site's doctors.json).
  "ALTER TABLE editor_people ADD COLUMN doctor text;",
];

/** Applies the migrations this database lacks; safe to run from several editors at once. */
export async function migrateEditorDb(client: PoolClient): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [lockKey]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS editor_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ version: number | null }>(
      "SELECT max(version) AS version FROM editor_migrations",
    );
    for (let i = rows[0]?.version ?? 0; i < migrations.length; i++) {
      await client.query(migrations[i]);
      await client.query("INSERT INTO editor_migrations (version) VALUES ($1)", [i + 1]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
