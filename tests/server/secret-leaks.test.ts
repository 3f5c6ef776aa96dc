/**
 * The CRM's keys reach no reason, log line, outbox row or CLI output, in any encoding, whatever the
 * CRM answers; and what a visitor or a CRM sends is printed as printable text only. A CRM (or a
 * proxy in front of it) that quotes the request URL and body in its errors is the worst case.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { secretMasker } from "../../src/relay/secret-mask";
import { appointmentBody, pageToken, postLead, startTestRelay, type TestRelay } from "../helpers/relay";

const root = path.resolve(import.meta.dirname, "../..");
const accessKey = "ak$Canary+Key/1=";
const secretKey = "sk$Canary+Sec/2=";

/** Every form a key takes on the way: raw, URL-encoded (either case, twice), as a query, JSON-escaped. */
const encodings = (key: string) => [
  key,
  encodeURIComponent(key),
  encodeURIComponent(key).toLowerCase(),
  encodeURIComponent(encodeURIComponent(key)),
  new URLSearchParams({ k: key }).toString().slice(2),
  JSON.stringify(key).slice(1, -1).replace(/\//g, "\\/"),
  [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
];

/** A CRM that quotes what it was sent: the URL (as sent and decoded) and the body, in its errors. */
async function echoingCrm() {
  let call = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      call++;
      const url = req.url ?? "";
      const quoted = `${url} ${decodeURIComponent(url)} ${body}`;
      // First an MX error quoting everything in JSON (the lead is dead), then a proxy's 503 page.
      if (call === 1) {
        res.writeHead(400, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            Status: "Error",
            ExceptionType: "MXInvalidInputException",
            ExceptionMessage: `\u001b]0;pwned\u0007 ${quoted}`,
          }),
        );
      } else {
        res.writeHead(503, { "Content-Type": "text/plain" });
        res.end(`upstream failed for ${quoted}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v2`, close: () => new Promise((r) => server.close(r)) };
}

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

describe("the CRM's keys", () => {
  it("are masked in every form: raw, URL-encoded, JSON-escaped", () => {
    const mask = secretMasker([accessKey, secretKey]);
    for (const form of [...encodings(accessKey), ...encodings(secretKey)])
      expect(mask(`before ${form} after`), form).toBe("before *** after");
    expect(mask("no key here: %24 %2B")).toBe("no key here: %24 %2B");
  });

  it("reach no log line, outbox row or CLI output when the CRM quotes the request in its errors", async () => {
    const crm = await echoingCrm();
    try {
      relay = await startTestRelay({ crm: { baseUrl: crm.baseUrl, accessKey, secretKey, timeoutMs: 10_000 } });
      const token = await pageToken(relay.url);
      for (const name of ["Asha Rao", "Ravi Kumar"]) {
        const values = { name, mobile: "9876543210", email: "" };
        expect((await postLead(relay.url, appointmentBody({ values }), { token })).status).toBe(202);
      }
      const outbox = relay.running.outbox;
      await vi.waitFor(
        () => {
          expect(outbox.counts().dead).toBe(1);
          expect(outbox.list().some((l) => l.status === "pending" && l.lastError)).toBe(true);
        },
        { timeout: 60_000, interval: 20 },
      );
      const rows = outbox.list().map((lead) => lead.lastError ?? "");
      expect(rows.join("\n")).toContain(
        "MXInvalidInputException: \u001b]0;pwned\u0007 /v2/LeadManagement.svc/Lead.Capture?accessKey=***",
      );
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "scripts/leads.ts", "--db", relay.dbFile, "--show-personal-data"],
        // Without the keys in its environment: what it prints was masked before it was stored.
        { cwd: root, env: { ...process.env, LEADSQUARED_ACCESS_KEY: "", LEADSQUARED_SECRET_KEY: "" } },
      );
      const database = readFileSync(relay.dbFile).toString("latin1");
      for (const [where, text] of [
        ["outbox rows", rows.join("\n")],
        ["logs", relay.logs.join("\n")],
        ["CLI", stdout],
        ["database file", database],
      ] as const) {
        for (const form of [...encodings(accessKey), ...encodings(secretKey)])
          expect(text.includes(form), `${where}: ${form}`).toBe(false);
      }
      // The proxy's terminal escape is shown, not obeyed.
      expect(stdout).toContain("\\u001b]0;pwned\\u0007");
      expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    } finally {
      await crm.close();
    }
  }, 120_000);
});
