/**
 * npm run bench:leads -- the lead relay's reliability bench.
 *
 * A burst of leads (BENCH_LEADS, default 2400) is posted to the relay, running as its own process,
 * by BENCH_CONCURRENCY (default 8) clients posting back to back, each like the lead form: every
 * lead has its own Idempotency-Key, and a post that fails because the relay is gone is sent again
 * with the same key until it is answered. When 10 % of the burst is in, the fake CRM starts failing
 * (503, 429, 500, dropped connections) for 1 s, then recovers; from 60 % on, once the CRM is back
 * and deliveries flow again, the relay is killed with SIGKILL and started again on the same
 * outbox file while the burst goes on.
 *
 * The delivery rate is set high for the bench (LEADS_RATE=200/1s, 4 deliveries at a time) so
 * that the run takes seconds, not the ~40 minutes 2,400 leads take at LeadSquared's 5 per 5 s.
 *
 * It prints accepted, delivered, resent (leads the CRM took twice), lost, the leads in flight at
 * the kill, and the p50/p99 accept latency; and exits 1 when a target is missed: 0 lost, resent
 * no more than in flight at the kill, p99 accept under 50 ms.
 *
 * With `--instances N` (or a list, `--instances 1,3`) it runs relays sharing a PostgreSQL outbox
 * instead (tests/helpers/lead-storm.ts, see runInstances below).
 */
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type FakeCrmMode, startFakeCrm } from "../helpers/fake-crm";
import { agent, postLead as post } from "../helpers/lead-post";
import { tempDir, writeFakeDist } from "../helpers/relay";
import { freePort, type RelayProcess, spawnRelay } from "../helpers/relay-process";
import { deliveredPhones, outboxCounts } from "./leads-client";
import { runInstances } from "./leads-postgres";
import { percentile } from "./stats";

const total = Number(process.env.BENCH_LEADS ?? 2400);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const failFrom = Math.floor(total * 0.1);
const failForMs = 1000;
const killAt = Math.floor(total * 0.6);

const phoneOf = (i: number) => `9${String(i).padStart(9, "0")}`;

export async function main(argv: string[] = []): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { instances: { type: "string" }, leads: { type: "string" }, "outage-ms": { type: "string" } },
  });
  if (values.instances !== undefined) {
    const counts = values.instances.split(",").map(Number);
    if (counts.some((n) => !Number.isInteger(n) || n < 1)) {
      console.error("--instances takes a number of relays, or a list such as 1,3.");
      return 2;
    }
    return runInstances(counts, Number(values.leads ?? 3000), Number(values["outage-ms"] ?? 10_000));
  }
  return runSqlite();
}

/** The single relay on its SQLite file (the bench before PostgreSQL). */
async function runSqlite(): Promise<number> {
  const { dir, cleanup } = tempDir("bench-leads-");
  const dbFile = path.join(dir, "leads.db");
  // The CRM takes 10 ms to answer, so deliveries are under way when the relay is killed.
  const crm = await startFakeCrm({ delayMs: 10 });
  const failModes: FakeCrmMode[] = ["fail-503", "fail-429", "network", "fail-500"];
  let failing = false;
  let injected = 0;
  crm.mode = (_attributes, call) => {
    if (!failing) return "ok";
    injected++;
    return failModes[call % failModes.length];
  };

  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    LEADS_DB: dbFile,
    DIST_DIR: writeFakeDist(dir),
    LEADSQUARED_BASE_URL: crm.baseUrl,
    LEADSQUARED_ACCESS_KEY: crm.accessKey,
    LEADSQUARED_SECRET_KEY: crm.secretKey,
    LEADS_RATE: "200/1s",
    LEADS_CONCURRENCY: "4",
    LEADS_CLIENT_RATE: "1000000/1s",
    LEADS_RETRY_BASE_MS: "50",
    LEADS_RETRY_MAX_MS: "500",
  };
  let relay: RelayProcess = await spawnRelay(env);
  const url = relay.url;
  const page = await fetch(`${url}/home`);
  await page.arrayBuffer();
  const token = (page.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN=")) ?? "").split(";")[0].slice(11);

  const latencies: number[] = [];
  const serverTimes: number[] = [];
  const beforeKill: number[] = [];
  const afterKill: number[] = [];
  const acceptedPhones = new Set<string>();
  let failedPosts = 0;
  let next = 0;
  let accepted = 0;
  let killing: Promise<void> | undefined;
  let inFlightAtKill = 0;
  let crmTookBeforeKill = 0;
  let deliveredBeforeKill = 0;
  const loadBefore = loadavg()[0];
  const started = performance.now();

  const killAndRestart = async () => {
    await relay.kill();
    // Let whatever the dead relay had already put on the wire reach the fake CRM.
    await new Promise((r) => setTimeout(r, 300));
    const crmTook = new Set(crm.valuesOf("Phone"));
    const delivered = deliveredPhones(dbFile);
    crmTookBeforeKill = crmTook.size;
    deliveredBeforeKill = delivered.size;
    inFlightAtKill = [...crmTook].filter((p) => !delivered.has(p)).length;
    relay = await spawnRelay(env);
  };

  // The kill waits until the CRM is back and deliveries are flowing again, so that some are
  // under way when it lands.
  let killDone: Promise<void> | undefined;
  const scheduleKill = async () => {
    while (failing) await new Promise((r) => setTimeout(r, 10));
    const flowing = crm.received.length + 20;
    while (crm.received.length < flowing) await new Promise((r) => setTimeout(r, 5));
    killing = killAndRestart();
    killDone = killing;
    await killing;
    killing = undefined;
  };

  const client = async () => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const body = JSON.stringify({
        form: "appointment",
        values: { name: `Bench Patient ${i}`, mobile: phoneOf(i), email: "" },
        context: { treatment: "Heart Failure", department: "Cardiology" },
        honeypot: "",
      });
      for (;;) {
        if (killing) await killing;
        const t0 = performance.now();
        try {
          const { status, serverMs } = await post(`${url}/api/leads`, body, {
            "Content-Type": "application/json",
            Accept: "application/json",
            Origin: url,
            Cookie: `XSRF-TOKEN=${token}`,
            "X-XSRF-TOKEN": token,
            "Idempotency-Key": `bench-${i}-${port}`,
          });
          if (status !== 202) throw new Error(`HTTP ${status}`);
          latencies.push(performance.now() - t0);
          serverTimes.push(serverMs);
          (killDone ? afterKill : beforeKill).push(performance.now() - t0);
          acceptedPhones.add(phoneOf(i));
          accepted++;
          if (accepted === failFrom) {
            failing = true;
            setTimeout(() => {
              failing = false;
            }, failForMs);
          }
          if (accepted === killAt) void scheduleKill();
          break;
        } catch {
          failedPosts++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const burstMs = performance.now() - started;
  while (!killDone) await new Promise((r) => setTimeout(r, 10));
  await killDone;

  let timedOut = false;
  try {
    await crm.waitFor(() => {
      const took = new Set(crm.valuesOf("Phone"));
      return [...acceptedPhones].every((p) => took.has(p));
    }, 180_000);
  } catch {
    timedOut = true;
  }
  const allMs = performance.now() - started;
  // Let the relay record the last answers, then stop it cleanly.
  await new Promise((r) => setTimeout(r, 300));
  await relay.stop();
  agent.destroy();

  const seen = new Map<string, number>();
  for (const phone of crm.valuesOf("Phone")) seen.set(phone, (seen.get(phone) ?? 0) + 1);
  const delivered = [...acceptedPhones].filter((p) => seen.has(p)).length;
  const resent = [...seen.values()].filter((n) => n > 1).length;
  const lost = acceptedPhones.size - delivered;
  const counts = outboxCounts(dbFile);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const serverSorted = [...serverTimes].sort((a, b) => a - b);
  await crm.close();
  cleanup();

  const rows: [string, string][] = [
    ["leads posted (each answered 202 once)", String(total)],
    ["accepted", String(acceptedPhones.size)],
    ["delivered to the CRM", String(delivered)],
    ["resent (the CRM took it twice)", String(resent)],
    ["lost", String(lost)],
    ["in flight at the SIGKILL", String(inFlightAtKill)],
    ["CRM had taken / outbox had marked delivered, at the kill", `${crmTookBeforeKill} / ${deliveredBeforeKill}`],
    ["CRM failures injected (503/429/500/dropped)", String(injected)],
    ["posts retried by clients while the relay was down", String(failedPosts)],
    ["outbox rows (pending/delivered/dead)", `${counts.pending ?? 0}/${counts.delivered ?? 0}/${counts.dead ?? 0}`],
    ["accept latency p50 / p99 (seen by the clients)", `${p50.toFixed(2)} ms / ${p99.toFixed(2)} ms`],
    [
      "  p99 before the kill / from the kill on",
      `${percentile(
        beforeKill.sort((a, b) => a - b),
        99,
      ).toFixed(2)} ms (${beforeKill.length}) / ${percentile(
        afterKill.sort((a, b) => a - b),
        99,
      ).toFixed(2)} ms (${afterKill.length})`,
    ],
    [
      "time inside the relay p50 / p99 (Server-Timing)",
      `${percentile(serverSorted, 50).toFixed(2)} ms / ${percentile(serverSorted, 99).toFixed(2)} ms`,
    ],
    ["burst took / all delivered after", `${(burstMs / 1000).toFixed(1)} s / ${(allMs / 1000).toFixed(1)} s`],
    [
      "machine load average (1 min) before / after",
      `${loadBefore.toFixed(2)} / ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs`,
    ],
    ["settings", `${concurrency} clients, LEADS_RATE=${env.LEADS_RATE}, LEADS_CONCURRENCY=${env.LEADS_CONCURRENCY}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log("\nLead relay reliability bench");
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);

  const misses: string[] = [];
  if (timedOut) misses.push("not every accepted lead reached the CRM within 180 s");
  if (lost > 0) misses.push(`${lost} lead(s) lost`);
  if (resent > inFlightAtKill) misses.push(`resent ${resent} > in flight at the kill ${inFlightAtKill}`);
  if (!(p99 < 50)) misses.push(`p99 accept ${p99.toFixed(2)} ms is not under 50 ms`);
  if ((counts.leads ?? 0) !== 0 || (counts.delivered ?? 0) + (counts.pending ?? 0) + (counts.dead ?? 0) !== total) {
    misses.push(`the outbox holds ${JSON.stringify(counts)}, not ${total} leads`);
  }
  console.log(misses.length === 0 ? "\nAll targets met." : `\nTargets missed:\n  ${misses.join("\n  ")}`);
  return misses.length === 0 ? 0 : 1;
}
