import { afterEach, describe, expect, it } from "vitest";
import { type FakeCrm, startFakeCrm } from "../helpers/fake-crm";
import { appointmentBody, pageToken, postLead, startTestRelay, type TestRelay } from "../helpers/relay";

let relay: TestRelay | undefined;
let crm: FakeCrm | undefined;
afterEach(async () => {
  await relay?.stop();
  await crm?.close();
  relay = undefined;
  crm = undefined;
});

async function setup(options: Parameters<typeof startTestRelay>[0] = {}) {
  crm = await startFakeCrm();
  relay = await startTestRelay({
    crm: { baseUrl: crm.baseUrl, accessKey: crm.accessKey, secretKey: crm.secretKey, timeoutMs: 2000 },
    ...options,
  });
  const token = await pageToken(relay.url);
  return { crm, relay, token };
}

const lead = (n: number) =>
  appointmentBody({ values: { name: `Patient ${n}`, mobile: `98765${String(n).padStart(5, "0")}`, email: "" } });

describe("delivery worker", () => {
  it("posts the lead to Lead.Capture as a JSON list of Attribute/Value pairs, with the keys in the query", async () => {
    const { crm, relay, token } = await setup();
    await postLead(relay.url, appointmentBody(), { token });
    await crm.waitFor(() => crm.received.length === 1);
    expect(crm.received[0].contentType).toBe("application/json");
    expect(crm.received[0].attributes).toEqual([
      { Attribute: "FirstName", Value: "Asha Rao" },
      { Attribute: "Phone", Value: "9876543210" },
      { Attribute: "EmailAddress", Value: "asha@example.com" },
      { Attribute: "mx_City", Value: "Hyderabad" },
      { Attribute: "mx_Department", Value: "Heart Failure" },
      { Attribute: "Description", Value: "Appointment request for Heart Failure Treatment" },
      { Attribute: "Source", Value: "Website - Book An Appointment" },
      // The language the patient used (issue 15): the relay's own reading of the page's.
      { Attribute: "mx_Language", Value: "en" },
    ]);
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 1);
    const [row] = relay.running.outbox.list("delivered");
    expect(row.crmId).toBe("lead-1");
    expect(row.attempts).toBe(1);
  });

  it("sends no faster than the configured rate", async () => {
    // The limiter paces the starts of deliveries, so record them where they start.
    const starts: number[] = [];
    relay = await startTestRelay({
      deliveryRate: { count: 2, perMs: 400 },
      deliveryConcurrency: 2,
      crmSender: async () => {
        starts.push(performance.now());
        return { kind: "delivered" };
      },
    });
    const token = await pageToken(relay.url);
    for (let i = 0; i < 6; i++) await postLead(relay.url, lead(i), { token });
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const tick = () => {
        if (starts.length === 6) return resolve();
        if (Date.now() - started > 60_000) return reject(new Error(`only ${starts.length} sent`));
        setTimeout(tick, 10);
      };
      tick();
    });
    // Any three consecutive starts span at least one window.
    for (let i = 2; i < starts.length; i++) expect(starts[i] - starts[i - 2]).toBeGreaterThanOrEqual(399);
  });

  for (const mode of ["fail-500", "fail-503", "fail-429", "network"] as const) {
    it(`retries after ${mode} with backoff, then delivers once the CRM recovers`, async () => {
      const { crm, relay, token } = await setup();
      crm.mode = (_attrs, call) => (call <= 3 ? mode : "ok");
      await postLead(relay.url, appointmentBody(), { token });
      await crm.waitFor(() => relay.running.outbox.counts().delivered === 1);
      expect(crm.calls).toBe(4);
      expect(crm.received).toHaveLength(1);
      const [row] = relay.running.outbox.list("delivered");
      expect(row.attempts).toBe(4);
    });
  }

  it("parks a lead the CRM rejects with an MX error as dead, with the reason, and does not retry it", async () => {
    const { crm, relay, token } = await setup();
    crm.mode = "mx-error";
    await postLead(relay.url, appointmentBody(), { token });
    await crm.waitFor(() => relay.running.outbox.counts().dead === 1);
    // Another lead delivered after it: the worker has been through the queue, and did not send it again.
    crm.mode = (attrs) => (attrs.find((a) => a.Attribute === "FirstName")?.Value === "Patient 7" ? "ok" : "mx-error");
    await postLead(relay.url, lead(7), { token });
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 1);
    expect(crm.calls).toBe(2);
    const [row] = relay.running.outbox.list("dead");
    expect(row.lastError).toBe("MXDuplicateEntryException: A Lead with same Phone Number already exists.");
    // Re-queued after the cause is fixed, it goes out.
    crm.mode = "ok";
    expect(relay.running.outbox.requeueDead()).toBe(1);
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 2);
  });

  it("keeps delivering the other leads while one waits out its backoff", async () => {
    const { crm, relay, token } = await setup({ retry: { baseMs: 1500, maxMs: 1500 } });
    crm.mode = (attrs) => (attrs.find((a) => a.Attribute === "FirstName")?.Value === "Patient 0" ? "fail-500" : "ok");
    await postLead(relay.url, lead(0), { token });
    await crm.waitFor(() => crm.calls === 1);
    // The worker pauses after a failure (the CRM may be down), then carries on with the next lead.
    for (let i = 1; i < 4; i++) await postLead(relay.url, lead(i), { token });
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 3);
    expect(relay.running.outbox.counts()).toEqual({ pending: 1, delivered: 3, dead: 0 });
    expect(crm.valuesOf("FirstName").sort()).toEqual(["Patient 1", "Patient 2", "Patient 3"]);
  });

  it("does not leak the CRM keys into the outbox, the answers or the logs", async () => {
    const { crm, relay, token } = await setup();
    crm.mode = (_a, call) => (call === 1 ? "network" : call === 2 ? "fail-500" : "ok");
    const res = await postLead(relay.url, appointmentBody(), { token });
    const answer = await res.text();
    await crm.waitFor(() => relay.running.outbox.counts().delivered === 1);
    const stored = JSON.stringify(relay.running.outbox.list());
    for (const secret of [crm.accessKey, crm.secretKey]) {
      expect(answer).not.toContain(secret);
      expect(stored).not.toContain(secret);
      expect(relay.logs.join("\n")).not.toContain(secret);
    }
  });

  it("keeps leads in the outbox when no CRM is configured", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    await postLead(relay.url, appointmentBody(), { token });
    expect(relay.running.worker).toBeUndefined();
    expect(relay.running.outbox.counts()).toEqual({ pending: 1, delivered: 0, dead: 0 });
  });
});
