/**
 * The lead bench's look into the relay's SQLite outbox (tests/bench/leads.ts): what was delivered,
 * and how many leads are in each state.
 */
import Database from "better-sqlite3";

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
