/**
 * npm run leads -- lists the leads of the relay's outbox (pending, dead, delivered) and re-queues
 * dead ones. Names, phone numbers and e-mail addresses are masked unless --show-personal-data is
 * given: this output ends up in terminals, tickets and chat.
 *
 *   npm run leads                          counts, then the pending and dead leads and the latest delivered
 *   npm run leads -- --status dead         only the dead ones
 *   npm run leads -- --limit 100           up to 100 per state (default 20)
 *   npm run leads -- --requeue-dead        put dead leads back in the queue (after fixing the cause)
 *   npm run leads -- --show-personal-data  print names, phones and e-mails in full
 *   npm run leads -- --db path/to/leads.db the outbox file (default LEADS_DB, else ./leads.db)
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { maskEmail, maskName, maskPhone, maskText } from "./mask";
import { type LeadRow, type LeadStatus, Outbox } from "./outbox";

const usage = `Usage: npm run leads -- [--status pending|delivered|dead] [--limit N] [--requeue-dead] [--show-personal-data] [--db FILE]`;

function when(ms: number | null): string {
  if (ms === null) return "-";
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function describeLead(lead: LeadRow, showPersonal: boolean): string {
  const attr = (name: string) => lead.attributes.find((a) => a.Attribute === name)?.Value ?? "";
  const name = showPersonal ? attr("FirstName") : maskName(attr("FirstName"));
  const phone = showPersonal ? attr("Phone") : maskPhone(attr("Phone"));
  const email = showPersonal ? attr("EmailAddress") : maskEmail(attr("EmailAddress"));
  const parts = [when(lead.createdAt), lead.id.slice(0, 8), lead.form, name || "-", phone || "-", email || "-"];
  parts.push(`attempts ${lead.attempts}`);
  if (lead.status === "pending") parts.push(`next ${when(lead.nextAttemptAt)}`);
  if (lead.status === "delivered") parts.push(`delivered ${when(lead.deliveredAt)}`, `crm ${lead.crmId ?? "-"}`);
  if (lead.lastError)
    parts.push(
      `${lead.status === "dead" ? "reason" : "last error"}: ${showPersonal ? lead.lastError : maskText(lead.lastError)}`,
    );
  return `  ${parts.join("  ")}`;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      status: { type: "string" },
      limit: { type: "string" },
      "requeue-dead": { type: "boolean" },
      "show-personal-data": { type: "boolean" },
      db: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
}

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const statuses: LeadStatus[] = ["pending", "dead", "delivered"];
  if (values.status !== undefined && !statuses.includes(values.status as LeadStatus)) {
    console.error(`--status must be one of ${statuses.join(", ")}.\n${usage}`);
    return 2;
  }
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    console.error(`--limit must be a whole number of at least 1.\n${usage}`);
    return 2;
  }
  const file = path.resolve(values.db ?? process.env.LEADS_DB ?? "leads.db");
  if (!existsSync(file)) {
    console.error(`No outbox at ${file}. The relay creates it when it starts (npm start); set LEADS_DB or --db.`);
    return 1;
  }
  const outbox = new Outbox(file, { writer: "inline" });
  try {
    if (values["requeue-dead"]) {
      const n = outbox.requeueDead();
      console.log(`Re-queued ${n} dead lead(s). A running relay sends them within a second or so.`);
      return 0;
    }
    const counts = outbox.counts();
    console.log(`Outbox ${file}: ${counts.pending} pending, ${counts.delivered} delivered, ${counts.dead} dead`);
    const show = values.status ? [values.status as LeadStatus] : statuses;
    const personal = values["show-personal-data"] === true;
    for (const status of show) {
      const leads = outbox.list(status, limit);
      const more = counts[status] > leads.length ? `, newest ${leads.length} shown` : "";
      console.log(`\n${status[0].toUpperCase()}${status.slice(1)} (${counts[status]}${more}):`);
      if (leads.length === 0) console.log("  none");
      for (const lead of leads) console.log(describeLead(lead, personal));
    }
    if (!personal)
      console.log("\nNames, phone numbers and e-mail addresses are masked; --show-personal-data prints them.");
    if (counts.dead > 0 && !values.status) {
      console.log("Dead leads were refused by the CRM; fix the cause, then: npm run leads -- --requeue-dead");
    }
    return 0;
  } finally {
    await outbox.close();
  }
}
