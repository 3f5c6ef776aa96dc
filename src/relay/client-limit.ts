/**
 * The per-client-address limit on lead submissions (rate-limiter-flexible): at most rate.count
 * new leads per address in each window of rate.perMs (rounded up to whole seconds). With the
 * PostgreSQL outbox the counts live in the database, so the limit is the same whichever relay
 * the load balancer picks; should the database not answer, each relay counts in memory meanwhile
 * (the lead itself then gets a 503 anyway).
 */
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Rate } from "./settings";

export interface ClientLimit {
  /** Counts a submission from the address: 0 when allowed, else the milliseconds until one is. */
  take(address: string): Promise<number>;
}

export function clientLimit(rate: Rate, pool?: pg.Pool): ClientLimit {
  const options = { points: rate.count, duration: Math.max(1, Math.ceil(rate.perMs / 1000)), keyPrefix: "lead" };
  const memory = new RateLimiterMemory(options);
  const limiter = pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: "pool",
        tableName: "relay_client_limits",
        // Created by the migrations (pg-migrations.ts), under their lock.
        tableCreated: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async take(address) {
      try {
        await limiter.consume(address);
        return 0;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
        throw error;
      }
    },
  };
}
