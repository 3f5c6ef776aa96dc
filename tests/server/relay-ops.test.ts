/**
 * What operations see of a relay: health and readiness, metrics on their own listener, JSON logs
 * without personal data, honeypot submissions held for review, retention, and a stop on SIGTERM
 * that finishes what it can within 10 s.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer } from "../../src/relay/app";
import { Outbox } from "../../src/relay/outbox";
import { type FakeCrm, startFakeCrm } from "../helpers/fake-crm";
import {
  appointmentBody,
  pageToken,
  postLead,
  startTestRelay,
  type TestRelay,
  tempDir,
  writeFakeDist,
} from "../helpers/relay";
import { type RelayProcess, spawnRelay } from "../helpers/relay-process";

let relay: TestRelay | undefined;
let crm: FakeCrm | undefined;
const processes: RelayProcess[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await relay?.stop();
  for (const p of processes.splice(0)) await p.kill();
  await crm?.close();
  for (const c of cleanups.splice(0)) c();
  relay = undefined;
  crm = undefined;
});

async function withCrm(options: Parameters<typeof startTestRelay>[0] = {}) {
  crm = await startFakeCrm();
  relay = await startTestRelay({
    crm: { baseUrl: crm.baseUrl, accessKey: crm.accessKey, secretKey: crm.secretKey, timeoutMs: 2000 },
    metrics: { port: 0 },
    ...options,
  });
  return { crm, relay, token: await pageToken(relay.url) };
}

describe("relay operations", () => {
  it("answers /healthz and /readyz for a load balancer, uncached and without a cookie", async () => {
    relay = await startTestRelay();
    const health = await fetch(`${relay.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${relay.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready", outbox: "sqlite" }]);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(ready.headers.getSetCookie()).toEqual([]);
  });

  it("serves Prometheus metrics on their own listener only", async () => {
    const { crm, relay, token } = await withCrm();
    await postLead(relay.url, appointmentBody(), { token });
    await postLead(relay.url, appointmentBody({ honeypot: "http://spam.example" }), { token });
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 1);
    const metricsUrl = relay.running.metricsUrl!;
    expect(new URL(metricsUrl).hostname).toBe("127.0.0.1");
    const text = await (await fetch(`${metricsUrl}/metrics`)).text();
    expect(text).toContain('leads_accepted_total{form="appointment",outcome="created"} 1');
    expect(text).toContain("leads_held_total 1");
    expect(text).toContain("leads_delivered_total 1");
    expect(text).toContain("leads_outbox_depth 0");
    expect(text).toContain("leads_oldest_pending_age_seconds 0");
    expect(text).toMatch(/leads_crm_request_duration_seconds_count\{outcome="delivered"\} 1/);
    expect(await (await fetch(`${relay.url}/metrics`)).text()).not.toContain("leads_accepted_total");
  });

  it("holds a honeypot submission for review instead of dropping it, and never delivers it", async () => {
    const { crm, relay, token } = await withCrm();
    const res = await postLead(relay.url, appointmentBody({ honeypot: "http://spam.example" }), { token });
    const { id } = (await res.json()) as { id: string };
    const [held] = relay.running.outbox.listHeld();
    expect(held).toMatchObject({ id, form: "appointment" });
    expect(held.attributes.find((a) => a.Attribute === "Phone")?.Value).toBe("9876543210");
    // A lead sent after it is delivered (the worker has gone through the queue): it alone reached the CRM.
    const values = { name: "Ravi Kumar", mobile: "9123456789", email: "" };
    await postLead(relay.url, appointmentBody({ values }), { token });
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 1);
    expect(crm.calls).toBe(1);
    expect(crm.valuesOf("FirstName")).toEqual(["Ravi Kumar"]);
  });

  it("logs JSON lines with ids and masked reasons, never names, phones, e-mails or tokens", async () => {
    const { crm, relay, token } = await withCrm();
    crm.mode = "mx-error";
    await postLead(relay.url, appointmentBody(), { token });
    await postLead(relay.url, appointmentBody({ honeypot: "x" }), { token });
    await crm.waitFor(() => relay.running.outbox.counts().dead === 1);
    const lines = relay.logs.map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number });
    expect(lines.some((l) => l.msg === "Lead parked as dead")).toBe(true);
    expect(lines.some((l) => l.path === "/api/leads" && l.status === 202)).toBe(true);
    const all = relay.logs.join("\n");
    for (const secret of ["Asha", "9876543210", "asha@example.com", token]) {
      expect(all).not.toContain(secret);
    }
    // Request lines say what was asked, not who asked.
    const requests = relay.logs.filter((line) => line.includes('"path":'));
    expect(requests.length).toBeGreaterThan(0);
    for (const line of requests) expect(line).not.toMatch(/remoteAddress|"ip"|127\.0\.0\.1/);
  });

  it("erases delivered leads' personal data once they are past the retention period", async () => {
    const { crm, relay: first, token } = await withCrm();
    await postLead(first.url, appointmentBody(), { token });
    await crm.waitFor(() => first.running.outbox.counts().delivered === 1);
    await first.running.close();
    const again = await startServer({
      port: 0,
      distDir: first.dir,
      leadsDb: first.dbFile,
      retentionMs: 1,
      log: () => {},
    });
    try {
      const outbox = new Outbox(first.dbFile, { writer: "inline" });
      await expect.poll(() => outbox.list("delivered")[0].erasedAt, { timeout: 60_000 }).not.toBeNull();
      expect(outbox.list("delivered")[0]).toMatchObject({ status: "delivered", attributes: [], payload: {} });
      await outbox.close();
    } finally {
      await again.close();
    }
  });

  it("stops on SIGTERM within 10 s, finishing the delivery under way", async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    crm = await startFakeCrm({ delayMs: 1500 });
    const dbFile = path.join(dir, "leads.db");
    const relay = await spawnRelay({
      PORT: "0",
      LEADS_DB: dbFile,
      DIST_DIR: writeFakeDist(dir),
      LEADSQUARED_BASE_URL: crm.baseUrl,
      LEADSQUARED_ACCESS_KEY: crm.accessKey,
      LEADSQUARED_SECRET_KEY: crm.secretKey,
    });
    processes.push(relay);
    const token = await pageToken(relay.url);
    expect((await postLead(relay.url, appointmentBody(), { token })).status).toBe(202);
    await crm.waitFor(() => crm!.calls === 1);
    const started = performance.now();
    await relay.stop();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(relay.child.exitCode).toBe(0);
    const outbox = new Outbox(dbFile, { writer: "inline" });
    expect(outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    await outbox.close();
  });

  it("gives up on a CRM that does not answer and exits within 10 s, the lead still pending", async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    crm = await startFakeCrm();
    crm.mode = "hang";
    const dbFile = path.join(dir, "leads.db");
    const relay = await spawnRelay({
      PORT: "0",
      LEADS_DB: dbFile,
      DIST_DIR: writeFakeDist(dir),
      LEADSQUARED_BASE_URL: crm.baseUrl,
      LEADSQUARED_ACCESS_KEY: crm.accessKey,
      LEADSQUARED_SECRET_KEY: crm.secretKey,
      LEADS_CRM_TIMEOUT_MS: "60000",
    });
    processes.push(relay);
    const token = await pageToken(relay.url);
    await postLead(relay.url, appointmentBody(), { token });
    await crm.waitFor(() => crm!.calls === 1);
    const started = performance.now();
    await relay.stop();
    expect(performance.now() - started).toBeLessThan(10_000);
    const outbox = new Outbox(dbFile, { writer: "inline" });
    expect(outbox.counts().pending).toBe(1);
    await outbox.close();
  });
});
