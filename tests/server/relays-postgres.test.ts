/**
 * Relays sharing a PostgreSQL outbox, as real processes (tests/helpers/lead-storm.ts): three of
 * them, a CRM failing half its calls and enforcing its rate limit, one relay SIGKILLed and
 * restarted mid-burst, PostgreSQL crashed for a few seconds mid-burst. `npm run bench:leads --
 * --instances 3` runs the same with 3,000 leads and a 10 s outage and prints the figures.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../src/relay/app";
import { PgStore } from "../../src/relay/pg-store";
import { runStorm } from "../helpers/lead-storm";
import { type PostgresCluster, startPostgres } from "../helpers/postgres";
import { tempDir, writeFakeDist } from "../helpers/relay";

let cluster: PostgresCluster | undefined;
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  await cluster?.destroy();
  running = undefined;
  cluster = undefined;
});

describe("relays sharing a PostgreSQL outbox", () => {
  it("deliver every accepted lead once through a relay crash and a database crash, within the CRM's limit", async () => {
    const result = await runStorm({
      leads: 240,
      instances: 3,
      crmLimit: { count: 60, perMs: 1000 },
      databaseOutageMs: 3000,
      // Longer than the outage: a relay that could not record a delivery keeps the lead until it can.
      leaseMs: 10_000,
    });
    const { timedOut, accepted, lost, crmOverLimit, outbox } = result;
    // All at once, so that a failure shows the whole run.
    expect({ timedOut, accepted, lost, crmOverLimit, outbox, result }).toMatchObject({
      timedOut: false,
      accepted: 240,
      lost: 0,
      crmOverLimit: 0,
      outbox: { delivered: 240 },
    });
    // Only a lead the CRM had taken when its relay was killed may arrive twice.
    expect(result.duplicates).toBeLessThanOrEqual(result.inFlightAtKill);
    expect(result.crmMaxInWindow).toBeLessThanOrEqual(60);
    for (const seconds of result.stopSeconds) expect(seconds).toBeLessThan(10);
  }, 120_000);

  it("says it is not ready while the database is down, and ready again when it is back", async () => {
    cluster = await startPostgres();
    const { dir, cleanup } = tempDir();
    running = await startServer({ port: 0, distDir: writeFakeDist(dir), databaseUrl: cluster.url, log: () => {} });
    const ready = () => fetch(`${running!.url}/readyz`).then(async (r) => [r.status, await r.json()]);
    expect(await ready()).toEqual([200, { status: "ready", outbox: "postgres" }]);
    await cluster.stop("immediate");
    expect(await ready()).toEqual([503, { status: "unavailable", outbox: "postgres" }]);
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    await cluster.start();
    await expect.poll(ready, { timeout: 60_000 }).toEqual([200, { status: "ready", outbox: "postgres" }]);
    cleanup();
  });

  it("lets npm run leads list, re-queue and erase the shared outbox", async () => {
    cluster = await startPostgres();
    const store = await PgStore.open(cluster.url);
    const lead = (name: string, phone: string) => ({
      form: "appointment",
      kind: "appointment" as const,
      payload: {},
      attributes: [
        { Attribute: "FirstName", Value: name },
        { Attribute: "Phone", Value: phone },
      ],
      fingerprint: name,
    });
    await store.accept(lead("Asha Rao", "9876543210"));
    await store.accept(lead("Ravi Kumar", "9123456789"));
    const dead = (await store.claim("test", 30_000))!;
    await store.markDead(dead.seq, "test", "MXInvalidInputException: Phone 9876543210 refused");
    await store.close();
    const root = path.resolve(import.meta.dirname, "../..");
    const leads = (args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: cluster!.url },
      });
    const list = await leads([]);
    expect(list.stdout).toContain(
      `Outbox postgres://relay@127.0.0.1:${cluster.port}/postgres: 1 pending, 0 delivered, 1 dead`,
    );
    expect(list.stdout).toMatch(
      /Dead \(1\):\n.*A\*\*\* R\*\*\*.*reason: MXInvalidInputException: Phone \*\*\*\*\*\*3210 refused/,
    );
    expect(list.stdout).not.toContain("9876543210");
    expect((await leads(["--requeue-dead"])).stdout).toContain("Re-queued 1 dead lead(s).");
    expect((await leads(["--erase", "9876543210"])).stdout).toContain("1 pending or dead lead(s) withdrawn");
    expect((await leads([])).stdout).toContain("1 pending, 0 delivered, 0 dead, 1 withdrawn");
  });
});
