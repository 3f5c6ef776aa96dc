/**
 * The lead bench's clients and its look into the relay's SQLite outbox (tests/bench/leads.ts):
 * posting a lead as the form does, and reading back what was delivered.
 */
import { Agent, request } from "node:http";
import Database from "better-sqlite3";

// node:http with keep-alive rather than fetch: the clients share two CPUs with the relay, and
// fetch costs several times more CPU per request.
export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; serverMs: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        const timing = /accept;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, serverMs: timing ? Number(timing[1]) : Number.NaN }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export function deliveredPhones(dbFile: string): Set<string> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare("SELECT attributes FROM leads WHERE status = 'delivered'").all() as {
      attributes: string;
    }[];
    return new Set(
      rows.map(
        (r) =>
          (JSON.parse(r.attributes) as { Attribute: string; Value: string }[]).find((a) => a.Attribute === "Phone")
            ?.Value ?? "",
      ),
    );
  } finally {
    db.close();
  }
}

export function outboxCounts(dbFile: string): Record<string, number> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare("SELECT status, COUNT(*) AS n FROM leads GROUP BY status").all() as {
      status: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    db.close();
  }
}
