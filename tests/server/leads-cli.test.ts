import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { maskEmail, maskName, maskPhone, maskText } from "../../src/relay/mask";
import { Outbox } from "../../src/relay/outbox";
import { tempDir } from "../helpers/relay";

const root = path.resolve(import.meta.dirname, "../..");
const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function outboxWithLeads() {
  const { dir, cleanup } = tempDir("leads-cli-");
  cleanups.push(cleanup);
  const file = path.join(dir, "leads.db");
  const outbox = new Outbox(file);
  const lead = (name: string, phone: string) => ({
    form: "appointment",
    kind: "appointment" as const,
    payload: {},
    attributes: [
      { Attribute: "FirstName", Value: name },
      { Attribute: "Phone", Value: phone },
      { Attribute: "EmailAddress", Value: "asha@example.com" },
    ],
    fingerprint: name,
  });
  await outbox.accept(lead("Asha Rao", "9876543210"));
  await outbox.accept(lead("Ravi Kumar", "9123456789"));
  await outbox.accept(lead("Meena Iyer", "9000000001"));
  const [dead, delivered] = outbox.due(Date.now() + 1000, 2);
  outbox.markDead(dead.seq, "MXDuplicateEntryException: A Lead with Phone 9876543210 already exists.");
  outbox.markDelivered(delivered.seq, "crm-1");
  await outbox.close();
  return file;
}

describe("npm run leads", () => {
  it("lists pending, dead and delivered leads with personal data masked", async () => {
    const file = await outboxWithLeads();
    const { stdout } = await run(["--db", file]);
    expect(stdout).toContain(`Outbox ${file}: 1 pending, 1 delivered, 1 dead`);
    expect(stdout).toMatch(
      /Pending \(1\):\n.*M\*\*\* I\*\*\* {2}\*\*\*\*\*\*0001 {2}a\*\*\*@example\.com {2}attempts 0/,
    );
    expect(stdout).toMatch(
      /Dead \(1\):\n.*A\*\*\* R\*\*\*.*reason: MXDuplicateEntryException: A Lead with Phone \*\*\*\*\*\*3210/,
    );
    expect(stdout).toMatch(/Delivered \(1\):\n.*R\*\*\* K\*\*\*.*crm crm-1/);
    for (const secret of ["Asha", "9876543210", "asha@example.com", "Ravi", "9123456789"]) {
      expect(stdout).not.toContain(secret);
    }
  });

  it("prints what a visitor or a CRM sent as printable text: a terminal escape shows, never acts", async () => {
    const { dir, cleanup } = tempDir("leads-cli-");
    cleanups.push(cleanup);
    const file = path.join(dir, "leads.db");
    const outbox = new Outbox(file);
    await outbox.accept({
      form: "\u001b]0;owned\u0007\u009b2J\u202egpj.exe",
      kind: "appointment",
      payload: {},
      attributes: [{ Attribute: "FirstName", Value: "Asha\u001b[31m" }],
      fingerprint: "x",
    });
    const [lead] = outbox.due(Date.now() + 1000, 1);
    outbox.markDead(lead.seq, "MXException: \u001b[2J\r\ncleared");
    await outbox.close();
    const { stdout } = await run(["--db", file, "--status", "dead", "--show-personal-data"]);
    expect(stdout).toContain(
      "\\u001b]0;owned\\u0007\\u009b2J\\u202egpj.exe  Asha\\u001b[31m  -  -  attempts 1  reason: MXException: \\u001b[2J\\u000d\\u000acleared",
    );
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
  });

  it("prints personal data only when asked", async () => {
    const file = await outboxWithLeads();
    const { stdout } = await run(["--status", "pending", "--show-personal-data"], { LEADS_DB: file });
    expect(stdout).toContain("Meena Iyer  9000000001  asha@example.com");
    expect(stdout).not.toContain("Dead (");
  });

  it("re-queues dead leads", async () => {
    const file = await outboxWithLeads();
    const { stdout } = await run(["--db", file, "--requeue-dead"]);
    expect(stdout).toContain("Re-queued 1 dead lead(s).");
    const outbox = new Outbox(file, { writer: "inline" });
    expect(outbox.counts()).toEqual({ pending: 2, delivered: 1, dead: 0 });
    await outbox.close();
  });

  it("says where it looked when there is no outbox", async () => {
    await expect(run(["--db", "/nonexistent/leads.db"])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No outbox at /nonexistent/leads.db"),
    });
  });
});

describe("npm run leads: personal data", () => {
  it("erases one person's leads on request, withdrawing the pending ones and naming the delivered ones", async () => {
    const file = await outboxWithLeads();
    const { stdout } = await run(["--db", file, "--erase", "+91 91234 56789"]);
    expect(stdout).toContain("Erased the personal data of ******6789's leads");
    expect(stdout).toContain("0 pending or dead lead(s) withdrawn");
    expect(stdout).toMatch(
      /1 delivered lead\(s\) erased here\n.*\nThe CRM still holds the delivered one\(s\); erase them in LeadSquared too: [0-9a-f-]{36}/,
    );
    const again = await run(["--db", file, "--erase", "9000000001"]);
    expect(again.stdout).toContain("1 pending or dead lead(s) withdrawn");
    const list = await run(["--db", file, "--status", "withdrawn", "--show-personal-data"]);
    expect(list.stdout).toContain("0 pending, 1 delivered, 1 dead, 1 withdrawn");
    expect(list.stdout).toMatch(/Withdrawn \(1\):\n.*personal data erased/);
    expect(list.stdout).not.toContain("Meena");
  });

  it("lists held honeypot submissions and releases one into the queue", async () => {
    const file = await outboxWithLeads();
    const outbox = new Outbox(file, { writer: "inline" });
    const id = outbox.hold({
      form: "appointment",
      kind: "appointment",
      payload: {},
      attributes: [
        { Attribute: "FirstName", Value: "Kiran Das" },
        { Attribute: "Phone", Value: "9555555555" },
      ],
    });
    await outbox.close();
    const { stdout } = await run(["--db", file, "--held"]);
    expect(stdout).toContain("1 held for review");
    expect(stdout).toContain(`${id}  appointment  K*** D***  ******5555`);
    const released = await run(["--db", file, "--release", id]);
    expect(released.stdout).toContain(`Released ${id}`);
    const check = new Outbox(file, { writer: "inline" });
    expect(check.counts().pending).toBe(2);
    await check.close();
  });
});

describe("masks", () => {
  it("keep enough to recognise a lead and no more", () => {
    expect(maskName("Asha  Rao")).toBe("A*** R***");
    expect(maskPhone("9876543210")).toBe("******3210");
    expect(maskEmail("asha@example.com")).toBe("a***@example.com");
    expect(maskEmail("")).toBe("");
    expect(maskText('Lead "asha@example.com" with 9876543210 exists')).toBe(
      'Lead "a***@example.com" with ******3210 exists',
    );
  });
});
