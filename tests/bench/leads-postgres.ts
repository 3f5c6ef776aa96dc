/**
 * `npm run bench:leads -- --instances 3` (or `1,3`): relays sharing a PostgreSQL outbox through a
 * bad day (tests/helpers/lead-storm.ts), with the figures printed per count of relays and each
 * target met or not.
 */
import { cpus, loadavg } from "node:os";
import { runStorm, type StormResult } from "../helpers/lead-storm";

/**
 * Relays sharing a PostgreSQL outbox: per count of relays, a burst of `leads` spread over them, a
 * CRM failing half its calls with a limit of 200 per second (the relays keep to 160), one relay
 * SIGKILLed at 30 % and restarted, PostgreSQL crashed for `outageMs` at 60 %.
 */
export async function runInstances(counts: number[], leads: number, outageMs: number): Promise<number> {
  const results: StormResult[] = [];
  const misses: string[] = [];
  for (const instances of counts) {
    const loadBefore = loadavg()[0];
    const r = await runStorm({
      leads,
      instances,
      crmLimit: { count: 200, perMs: 1000 },
      databaseOutageMs: outageMs,
      progress: (line) => console.log(`  [${instances}] ${line}`),
    });
    results.push(r);
    const rows: [string, string][] = [
      ["leads posted / accepted (202)", `${r.leads} / ${r.accepted}`],
      ["delivered to the CRM / lost", `${r.delivered} / ${r.lost}`],
      ["duplicates (the CRM took it twice)", String(r.duplicates)],
      ["in flight at the SIGKILL (CRM had it, unmarked)", String(r.inFlightAtKill)],
      ["outbox rows at the end", JSON.stringify(r.outbox)],
      ["CRM calls / failures injected", `${r.crmCalls} / ${r.crmFailuresInjected}`],
      [
        "CRM calls in any 1 s: most seen / limit / refused",
        `${r.crmMaxInWindow} / ${r.crmLimit.count} / ${r.crmOverLimit}`,
      ],
      ["posts sent again (relay killed, database down)", String(r.retriedPosts)],
      ["accept throughput", `${r.acceptsPerSecond.toFixed(0)} leads/s over the burst`],
      ["accept latency p50 / p99 (clients)", `${r.p50Ms.toFixed(1)} ms / ${r.p99Ms.toFixed(1)} ms`],
      ["time inside the relay p99 (Server-Timing)", `${r.serverP99Ms.toFixed(1)} ms`],
      ["burst / all delivered", `${r.burstSeconds.toFixed(1)} s / ${r.allDeliveredSeconds.toFixed(1)} s`],
      ["SIGTERM to exit, per relay", r.stopSeconds.map((s) => `${s.toFixed(2)} s`).join(", ")],
      ["load average before / after", `${loadBefore.toFixed(2)} / ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\n${instances} relay(s), one PostgreSQL outbox, ${leads} leads, database down ${outageMs / 1000} s`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    const tag = `${instances} relay(s): `;
    if (r.timedOut) misses.push(`${tag}not every accepted lead reached the CRM within 300 s`);
    if (r.lost > 0) misses.push(`${tag}${r.lost} lead(s) lost`);
    if (r.accepted !== leads) misses.push(`${tag}${leads - r.accepted} lead(s) never accepted`);
    if (r.duplicates > r.inFlightAtKill)
      misses.push(`${tag}${r.duplicates} duplicates > ${r.inFlightAtKill} in flight at the kill`);
    if (r.crmOverLimit > 0 || r.crmMaxInWindow > r.crmLimit.count) misses.push(`${tag}the CRM's limit was exceeded`);
    if (r.stopSeconds.some((s) => s >= 10)) misses.push(`${tag}a relay took 10 s or more to stop`);
  }
  if (results.length > 1) {
    console.log("\nrelays  accepts/s  p50 ms  p99 ms  all delivered");
    for (const r of results) {
      console.log(
        `${String(r.instances).padStart(6)}  ${r.acceptsPerSecond.toFixed(0).padStart(9)}  ${r.p50Ms.toFixed(1).padStart(6)}  ${r.p99Ms.toFixed(1).padStart(6)}  ${r.allDeliveredSeconds.toFixed(1).padStart(11)} s`,
      );
    }
  }
  console.log(misses.length === 0 ? "\nAll targets met." : `\nTargets missed:\n  ${misses.join("\n  ")}`);
  return misses.length === 0 ? 0 : 1;
}
