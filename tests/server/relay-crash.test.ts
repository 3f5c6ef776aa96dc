import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeCrm, startFakeCrm } from "../helpers/fake-crm";
import { appointmentBody, pageToken, postLead, tempDir, writeFakeDist } from "../helpers/relay";
import { type RelayProcess, spawnRelay } from "../helpers/relay-process";

let crm: FakeCrm | undefined;
const processes: RelayProcess[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) await p.kill();
  await crm?.close();
  crm = undefined;
  for (const c of cleanups.splice(0)) c();
});

function statuses(dbFile: string): string[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare("SELECT status FROM leads ORDER BY seq").all() as { status: string }[]).map((r) => r.status);
  } finally {
    db.close();
  }
}

describe("relay process", () => {
  it("starts with no CRM settings, keeps leads in the outbox and says so", async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const relay = await spawnRelay({
      PORT: "0",
      LEADS_DB: path.join(dir, "leads.db"),
      DIST_DIR: writeFakeDist(dir),
      LEADSQUARED_BASE_URL: "",
      LEADSQUARED_ACCESS_KEY: "",
      LEADSQUARED_SECRET_KEY: "",
    });
    processes.push(relay);
    expect(relay.output()).toContain("No LeadSquared settings");
    const token = await pageToken(relay.url);
    expect((await postLead(relay.url, appointmentBody(), { token })).status).toBe(202);
    expect(statuses(path.join(dir, "leads.db"))).toEqual(["pending"]);
  });

  it("refuses to start with only some of the CRM settings, naming what is missing", async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    await expect(
      spawnRelay({
        PORT: "0",
        LEADS_DB: path.join(dir, "leads.db"),
        LEADSQUARED_BASE_URL: "https://api.example/v2",
        LEADSQUARED_ACCESS_KEY: "",
        LEADSQUARED_SECRET_KEY: "",
      }),
    ).rejects.toThrow(/LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY: set all three/);
  });

  it("keeps every lead answered 202 through a SIGKILL, and sends again the one in flight", async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    crm = await startFakeCrm();
    crm.mode = "hang";
    const dbFile = path.join(dir, "leads.db");
    const env = {
      PORT: "0",
      LEADS_DB: dbFile,
      DIST_DIR: writeFakeDist(dir),
      LEADSQUARED_BASE_URL: crm.baseUrl,
      LEADSQUARED_ACCESS_KEY: crm.accessKey,
      LEADSQUARED_SECRET_KEY: crm.secretKey,
      LEADS_RATE: "100/1s",
      LEADS_RETRY_BASE_MS: "50",
      LEADS_RETRY_MAX_MS: "200",
    };
    const first = await spawnRelay(env);
    processes.push(first);
    const token = await pageToken(first.url);
    const names = ["Asha Rao", "Ravi Kumar", "Meena Iyer"];
    for (const name of names) {
      const res = await postLead(first.url, appointmentBody({ values: { name, mobile: "9876543210", email: "" } }), {
        token,
      });
      expect(res.status).toBe(202);
    }
    // The first lead is in the CRM's hands, unanswered, when the relay dies.
    await crm.waitFor(() => crm!.calls >= 1);
    await first.kill();
    expect(statuses(dbFile)).toEqual(["pending", "pending", "pending"]);

    crm.mode = "ok";
    const second = await spawnRelay(env);
    processes.push(second);
    expect(second.output()).toContain("3 pending");
    await crm.waitFor(() => crm!.received.length === 3, 10_000);
    expect(crm.valuesOf("FirstName").sort()).toEqual([...names].sort());
    await crm.waitFor(() => statuses(dbFile).every((s) => s === "delivered"));
  });
});
