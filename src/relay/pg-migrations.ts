/**
 * The PostgreSQL outbox's tables, created and updated when a relay starts.
 *
 * Several relays start at once behind a load balancer, so the whole run holds a transaction-level
 * advisory lock: the first relay applies what is missing while the others wait on the lock, then
 * find nothing left to do. (node-pg-migrate was considered: its lock is try-or-fail, so relays
 * starting together would fail instead of waiting, and it loads migration files from a folder at
 * run time. Five statements under one lock needed less than wrapping it.)
 *
 * Every table and function is prefixed `relay_`, so the outbox can share a database with others.
 * Times are bigint milliseconds since the epoch by the database's clock (relay_now_ms()), which
 * every relay shares, whatever its own clock says.
 */
import type { PoolClient } from "pg";

/** pg_advisory_xact_lock's key: "relay-migrations", as a number no other program will pick. */
const lockKey = 7_263_019_553_101;

/** Each migration once, in order. Never edit one that has shipped: add the next. */
const migrations: string[] = [
  `CREATE FUNCTION relay_now_ms() RETURNS bigint LANGUAGE sql VOLATILE
     AS $$ SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;

   CREATE TABLE relay_leads (
     seq bigserial PRIMARY KEY,
     id uuid NOT NULL UNIQUE,
     idempotency_key text UNIQUE,
     fingerprint text NOT NULL,
     form text NOT NULL,
     kind text NOT NULL,
     payload jsonb NOT NULL,
     attributes jsonb NOT NULL,
     status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead', 'withdrawn')),
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at bigint NOT NULL,
     lease_owner text,
     lease_until bigint,
     last_error text,
     crm_id text,
     created_at bigint NOT NULL,
     delivered_at bigint,
     erased_at bigint);
   CREATE INDEX relay_leads_due ON relay_leads (next_attempt_at, seq) WHERE status = 'pending';
   CREATE INDEX relay_leads_status ON relay_leads (status, seq);
   CREATE INDEX relay_leads_attributes ON relay_leads USING gin (attributes jsonb_path_ops);

   CREATE TABLE relay_held_leads (
     id uuid PRIMARY KEY, form text NOT NULL, kind text NOT NULL, payload jsonb NOT NULL,
     attributes jsonb NOT NULL, created_at bigint NOT NULL, erased_at bigint);

   CREATE TABLE relay_meta (key text PRIMARY KEY, value text NOT NULL);

   -- rate-limiter-flexible's table for the per-address limit (its own layout; created here, under
   -- the lock, rather than by each relay at once).
   CREATE TABLE relay_client_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint);

   -- The CRM's rate, shared by every relay: the start times of the requests in the last window,
   -- and a pause every relay honours after a failure (see pg-pace.ts).
   CREATE TABLE relay_crm_pace (
     id integer PRIMARY KEY CHECK (id = 1),
     starts bigint[] NOT NULL DEFAULT '{}',
     paused_until bigint NOT NULL DEFAULT 0);
   INSERT INTO relay_crm_pace (id) VALUES (1);

   -- 0 and a start recorded if a request may start now; else how many ms to wait. A sliding
   -- window (not a token bucket, not fixed windows): no window of per_ms ever holds more than
   -- max_count starts, which is how a CRM counts.
   CREATE FUNCTION relay_take_crm_slot(max_count integer, per_ms bigint, record boolean) RETURNS bigint
   LANGUAGE plpgsql AS $$
   DECLARE
     t bigint;
     kept bigint[];
     paused bigint;
   BEGIN
     -- The clock is read once the row is ours: a start recorded before the wait for the lock
     -- would be earlier than the request it stands for, and the window would free up too soon.
     PERFORM 1 FROM relay_crm_pace WHERE id = 1 FOR UPDATE;
     t := relay_now_ms();
     SELECT array(SELECT s FROM unnest(starts) AS s WHERE s > t - per_ms ORDER BY s), paused_until
       INTO kept, paused FROM relay_crm_pace WHERE id = 1;
     IF paused > t THEN
       RETURN paused - t;
     END IF;
     IF cardinality(kept) >= max_count THEN
       RETURN greatest(1, kept[cardinality(kept) - max_count + 1] + per_ms - t);
     END IF;
     IF record THEN
       UPDATE relay_crm_pace SET starts = kept || t WHERE id = 1;
     END IF;
     RETURN 0;
   END $$;`,
];

/** Applies the migrations this database lacks; safe to run from many relays at once. */
export async function migrate(client: PoolClient): Promise<number> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [lockKey]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS relay_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ version: number | null }>(
      "SELECT max(version) AS version FROM relay_migrations",
    );
    const done = rows[0]?.version ?? 0;
    for (let i = done; i < migrations.length; i++) {
      await client.query(migrations[i]);
      await client.query("INSERT INTO relay_migrations (version) VALUES ($1)", [i + 1]);
    }
    await client.query("COMMIT");
    return migrations.length - done;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
