/**
 * Several relays sharing one PostgreSQL outbox, as real processes, through a bad day: a fake
 * LeadSquared that fails half its calls and enforces a rate limit, a burst of leads spread over the
 * relays (each with its own Idempotency-Key; a post that fails is sent again, with the same key, to
 * the next relay, as a load balancer would), one relay SIGKILLed mid-burst and restarted, and
 * PostgreSQL stopped (as by a crash) for a while mid-burst. Used by
 * tests/server/relays-postgres.test.ts (small) and `npm run bench:leads -- --instances N` (3,000).
 */
import pg from "pg";
import { percentile } from "../bench/stats";
import { type FakeCrm, type FakeCrmMode, startFakeCrm } from "./fake-crm";
import { postLead } from "./lead-post";
import { type PostgresCluster, startPostgres } from "./postgres";
import { tempDir, writeFakeDist } from "./relay";
import { freePort, type RelayProcess, spawnRelay } from "./relay-process";

export interface StormOptions {
  leads: number;
  instances: number;
  /** Clients posting back to back. */
  clients?: number;
  /** The CRM's own limit (refused past it) and the relays' LEADS_RATE, a little under it. */
  crmLimit?: { count: number; perMs: number };
  relayRate?: string;
  /** How long PostgreSQL stays down. */
  databaseOutageMs?: number;
  /** LEADS_LEASE_MS: how long a killed relay's leads wait before another relay sends them. */
  leaseMs?: number;
  /** Progress lines (the bench prints them). */
  progress?: (line: string) => void;
}

export interface StormResult {
  instances: number;
  leads: number;
  accepted: number;
  delivered: number;
  lost: number;
  /** Leads the CRM took more than once. */
  duplicates: number;
  /** Leads the CRM had taken but the outbox had not marked delivered when the relay was killed. */
  inFlightAtKill: number;
  /** Rows per status at the end. */
  outbox: Record<string, number>;
  crmCalls: number;
  crmFailuresInjected: number;
  crmLimit: { count: number; perMs: number };
  /** Most CRM calls seen in any window of the limit's period. */
  crmMaxInWindow: number;
  /** Calls the CRM refused for being over its limit. */
  crmOverLimit: number;
  /** Posts that failed (relay killed, database down) and were sent again. */
  retriedPosts: number;
  acceptsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  serverP99Ms: number;
  burstSeconds: number;
  allDeliveredSeconds: number;
  /** How long each relay took to stop on SIGTERM at the end. */
  stopSeconds: number[];
  timedOut: boolean;
}

const phoneOf = (i: number) => `9${String(i).padStart(9, "0")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function phonesIn(url: string, status: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ phone: string }>(
      `SELECT a->>'Value' AS phone FROM relay_leads, jsonb_array_elements(attributes) a
       WHERE status = $1 AND a->>'Attribute' = 'Phone'`,
      [status],
    );
    return new Set(rows.map((r) => r.phone));
  } finally {
    await client.end();
  }
}

async function statusCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM relay_leads GROUP BY status",
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    await client.end();
  }
}

export async function runStorm(options: StormOptions): Promise<StormResult> {
  const say = options.progress ?? (() => {});
  const crmLimit = options.crmLimit ?? { count: 100, perMs: 1000 };
  const outageMs = options.databaseOutageMs ?? 10_000;
  const { dir, cleanup } = tempDir("lead-storm-");
  let cluster: PostgresCluster | undefined;
  let crm: FakeCrm | undefined;
  const relays: (RelayProcess | undefined)[] = [];
  try {
    cluster = await startPostgres();
    const db = cluster;
    // Half the calls fail, every way the CRM can: 503, 500, 429 with Retry-After, dropped connections.
    crm = await startFakeCrm({ delayMs: 5, rateLimit: crmLimit });
    const fake = crm;
    const failModes: FakeCrmMode[] = ["fail-503", "fail-500", "fail-429", "network"];
    let injected = 0;
    fake.mode = (_attributes, call) => {
      if (call % 2 === 1) return "ok";
      injected++;
      return failModes[(call / 2) % failModes.length];
    };
    const siteOrigin = "http://hospital.test";
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const envOf = (port: number) => ({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: db.url,
      DIST_DIR: writeFakeDist(dir),
      SITE_ORIGIN: siteOrigin,
      LEADSQUARED_BASE_URL: fake.baseUrl,
      LEADSQUARED_ACCESS_KEY: fake.accessKey,
      LEADSQUARED_SECRET_KEY: fake.secretKey,
      // Room under the CRM's limit for the time between a relay's start and the CRM's count of it.
      LEADS_RATE: options.relayRate ?? `${Math.floor(crmLimit.count * 0.8)}/${crmLimit.perMs}ms`,
      LEADS_CONCURRENCY: "4",
      LEADS_CLIENT_RATE: "1000000/1s",
      LEADS_RETRY_BASE_MS: "20",
      LEADS_RETRY_MAX_MS: "500",
      LEADS_CRM_TIMEOUT_MS: "2000",
      LEADS_LEASE_MS: String(options.leaseMs ?? 30_000),
      LOG_LEVEL: "info",
    });
    relays.push(...(await Promise.all(ports.map((port) => spawnRelay(envOf(port), 60_000)))));
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const page = await fetch(`${urls[0]}/home`);
    await page.arrayBuffer();
    // One token for every relay: its signing key lives in the shared outbox.
    const token = (page.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN=")) ?? "").split(";")[0].slice(11);
    say(`${options.instances} relay(s) on PostgreSQL ${db.port}; posting ${options.leads} leads`);

    const latencies: number[] = [];
    const serverTimes: number[] = [];
    const acceptedPhones = new Set<string>();
    let retriedPosts = 0;
    const failures = new Map<string, number>();
    let next = 0;
    let inFlightAtKill = 0;
    const killAt = Math.floor(options.leads * 0.3);
    const outageAt = Math.floor(options.leads * 0.6);
    const events: Promise<void>[] = [];

    const killOne = async () => {
      const victim = options.instances > 1 ? 1 : 0;
      await relays[victim]?.kill();
      await sleep(200);
      const took = new Set(fake.valuesOf("Phone"));
      const marked = await phonesIn(db.url, "delivered");
      inFlightAtKill = [...took].filter((p) => !marked.has(p)).length;
      say(`SIGKILLed relay ${victim + 1}; ${inFlightAtKill} lead(s) were at the CRM, unmarked; restarting it`);
      relays[victim] = await spawnRelay(envOf(ports[victim]), 60_000);
    };
    const stopDatabase = async () => {
      await db.stop("immediate");
      say(`PostgreSQL stopped (immediate: as by a crash) for ${outageMs / 1000} s`);
      await sleep(outageMs);
      await db.start();
      say("PostgreSQL back");
    };

    const started = performance.now();
    const client = async (c: number) => {
      for (;;) {
        const i = next++;
        if (i >= options.leads) return;
        if (i === killAt) events.push(killOne());
        if (i === outageAt) events.push(stopDatabase());
        const body = JSON.stringify({
          form: "appointment",
          values: { name: `Storm Patient ${i}`, mobile: phoneOf(i), email: "" },
          context: { treatment: "Heart Failure", department: "Cardiology" },
          honeypot: "",
        });
        for (let attempt = 0; ; attempt++) {
          const url = urls[(i + c + attempt) % urls.length];
          const t0 = performance.now();
          try {
            const { status, serverMs } = await postLead(
              `${url}/api/leads`,
              body,
              {
                "Content-Type": "application/json",
                Accept: "application/json",
                Origin: siteOrigin,
                Cookie: `XSRF-TOKEN=${token}`,
                "X-XSRF-TOKEN": token,
                "Idempotency-Key": `storm-lead-${i}`,
              },
              15_000,
            );
            if (status !== 202) throw new Error(`HTTP ${status}`);
            latencies.push(performance.now() - t0);
            serverTimes.push(serverMs);
            acceptedPhones.add(phoneOf(i));
            break;
          } catch (error) {
            const why = error instanceof Error ? error.message : String(error);
            failures.set(why, (failures.get(why) ?? 0) + 1);
            if (failures.get(why) === 1) say(`a post failed (${why}); it is sent again`);
            retriedPosts++;
            await sleep(100);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: options.clients ?? 8 }, (_, c) => client(c)));
    const burstMs = performance.now() - started;
    await Promise.all(events);
    say(`burst done in ${(burstMs / 1000).toFixed(1)} s; waiting for every accepted lead to reach the CRM`);

    let timedOut = false;
    try {
      await fake.waitFor(() => {
        const took = new Set(fake.valuesOf("Phone"));
        return [...acceptedPhones].every((p) => took.has(p));
      }, 300_000);
    } catch {
      timedOut = true;
    }
    const allMs = performance.now() - started;
    await sleep(500);
    const stopSeconds = await Promise.all(
      relays.map(async (relay) => {
        const t0 = performance.now();
        await relay?.stop();
        return (performance.now() - t0) / 1000;
      }),
    );
    relays.length = 0;
    const seen = new Map<string, number>();
    for (const phone of fake.valuesOf("Phone")) seen.set(phone, (seen.get(phone) ?? 0) + 1);
    const delivered = [...acceptedPhones].filter((p) => seen.has(p)).length;
    return {
      instances: options.instances,
      leads: options.leads,
      accepted: acceptedPhones.size,
      delivered,
      lost: acceptedPhones.size - delivered,
      duplicates: [...seen.values()].filter((n) => n > 1).length,
      inFlightAtKill,
      outbox: await statusCounts(db.url),
      crmCalls: fake.calls,
      crmFailuresInjected: injected,
      crmLimit,
      crmMaxInWindow: fake.maxCallsIn(crmLimit.perMs),
      crmOverLimit: fake.overLimit,
      retriedPosts,
      acceptsPerSecond: acceptedPhones.size / (burstMs / 1000),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      serverP99Ms: percentile(serverTimes, 99),
      burstSeconds: burstMs / 1000,
      allDeliveredSeconds: allMs / 1000,
      stopSeconds,
      timedOut,
    };
  } finally {
    for (const relay of relays) await relay?.kill();
    await crm?.close();
    await cluster?.destroy();
    cleanup();
  }
}
