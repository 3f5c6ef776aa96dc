/**
 * Picks the outbox: PostgreSQL when a DATABASE_URL is given (every relay instance shares it),
 * else the SQLite file on this relay's disk. With it come the CRM's pace and the per-address
 * limit, in the same place, so that with PostgreSQL both hold across instances too.
 */
import type pg from "pg";
import { type ClientLimit, clientLimit } from "./client-limit";
import type { Logger } from "./logger";
import { type CrmPace, MemoryPace } from "./pace";
import { PgPace } from "./pg-pace";
import { describeDatabaseUrl, PgStore } from "./pg-store";
import type { Rate } from "./settings";
import { SqliteStore } from "./sqlite-store";
import type { LeadStore } from "./store";

/** Where the outbox is. */
export interface StoreChoice {
  /** A PostgreSQL URL; absent: the SQLite file. */
  databaseUrl?: string;
  /** The SQLite file (":memory:" for a throwaway one). */
  leadsDb: string;
  /** The clock of the SQLite store and the in-memory pace (tests). */
  now?: () => number;
  /** How long to keep trying to reach PostgreSQL at start-up; default 0 (once). */
  waitMs?: number;
  log?: Logger;
}

/** The store, the CRM's pace and the per-address limit. */
export interface OpenedStore {
  store: LeadStore;
  pace(rate: Rate): CrmPace;
  clientLimit(rate: Rate): ClientLimit;
}

async function openPg(url: string, choice: StoreChoice): Promise<PgStore> {
  const until = Date.now() + (choice.waitMs ?? 0);
  for (let attempt = 1; ; attempt++) {
    try {
      return await PgStore.open(url, {
        onPoolError: (error) => choice.log?.warn({ err: error.message }, "A database connection broke; it is replaced"),
      });
    } catch (error) {
      if (Date.now() >= until) throw error;
      choice.log?.warn(
        { where: describeDatabaseUrl(url), attempt, err: error instanceof Error ? error.message : String(error) },
        "Waiting for the database",
      );
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * attempt)));
    }
  }
}

export async function openStore(choice: StoreChoice): Promise<OpenedStore> {
  if (choice.databaseUrl) {
    const store = await openPg(choice.databaseUrl, choice);
    const pool: pg.Pool = store.pool;
    return { store, pace: (rate) => new PgPace(pool, rate), clientLimit: (rate) => clientLimit(rate, pool) };
  }
  const store = new SqliteStore(choice.leadsDb, { now: choice.now });
  return { store, pace: (rate) => new MemoryPace(rate, choice.now), clientLimit: (rate) => clientLimit(rate) };
}
