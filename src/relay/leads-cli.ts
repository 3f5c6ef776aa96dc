/**
 * npm run leads -- lists the leads of the relay's outbox (pending, dead, delivered), re-queues
 * dead ones, shows and releases held (honeypot) submissions, and erases one person's data on
 * request. It works on the SQLite file, or on the PostgreSQL outbox when DATABASE_URL (or
 * --database-url) is set. Names, phone numbers and e-mail addresses are masked unless
 * --show-personal-data is given: this output ends up in terminals, tickets and chat. What a lead
 * or a CRM said is printed as printable text only (src/shared/text: an escape sequence shows as
 * `\u001b`), with the CRM's keys masked in any encoding (LEADSQUARED_ACCESS_KEY and _SECRET_KEY,
 * when set: a reason stored before they were masked at the source).
 *
 *   npm run leads                          counts, then the pending and dead leads and the latest delivered
 *   npm run leads -- --status dead         only the dead ones
 *   npm run leads -- --limit 100           up to 100 per state (default 20)
 *   npm run leads -- --requeue-dead        put dead leads back in the queue (after fixing the cause)
 *   npm run leads -- --show-personal-data  print names, phones and e-mails in full
 *   npm run leads -- --db path/to/leads.db the outbox file (default LEADS_DB, else ./leads.db)
 *   npm run leads -- --database-url URL    the PostgreSQL outbox (default DATABASE_URL)
 *   npm run leads -- --held                submissions held because the honeypot was filled in
 *   npm run leads -- --release ID          send a held submission after all (it was a person)
 *   npm run leads -- --erase PHONE         erase one person's leads (DPDP request); pending ones are withdrawn
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { printable } from "../shared/text/text-rule";
import { maskEmail, maskName, maskPhone, maskText } from "./mask";
import { PgStore } from "./pg-store";
import { secretMasker } from "./secret-mask";
import { SqliteStore } from "./sqlite-store";
import { type HeldRow, type LeadRow, type LeadStatus, type LeadStore, phoneKey } from "./store";

const usage = `Usage: npm run leads -- [--status pending|delivered|dead|withdrawn] [--limit N] [--requeue-dead] [--held] [--release ID] [--erase PHONE] [--show-personal-data] [--db FILE | --database-url URL]`;

const hideKeys = secretMasker([process.env.LEADSQUARED_ACCESS_KEY?.trim(), process.env.LEADSQUARED_SECRET_KEY?.trim()]);

/** A lead's or a CRM's words as a terminal may show them: printable, and never a key. */
const shown = (parts: string[]) => `  ${parts.map((part) => printable(hideKeys(part))).join("  ")}`;

function when(ms: number | null): string {
  if (ms === null) return "-";
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function describeLead(lead: LeadRow | HeldRow, showPersonal: boolean): string {
  if (!("seq" in lead)) return describeHeld(lead, showPersonal);
  const attr = (name: string) => lead.attributes.find((a) => a.Attribute === name)?.Value ?? "";
  const name = showPersonal ? attr("FirstName") : maskName(attr("FirstName"));
  const phone = showPersonal ? attr("Phone") : maskPhone(attr("Phone"));
  const email = showPersonal ? attr("EmailAddress") : maskEmail(attr("EmailAddress"));
  const parts = [when(lead.createdAt), lead.id.slice(0, 8), lead.form, name || "-", phone || "-", email || "-"];
  if (lead.erasedAt !== null) parts.splice(3, 3, `personal data erased ${when(lead.erasedAt)}`);
  parts.push(`attempts ${lead.attempts}`);
  if (lead.status === "pending") parts.push(`next ${when(lead.nextAttemptAt)}`);
  if (lead.status === "delivered") parts.push(`delivered ${when(lead.deliveredAt)}`, `crm ${lead.crmId ?? "-"}`);
  if (lead.lastError)
    parts.push(
      `${lead.status === "dead" ? "reason" : "last error"}: ${showPersonal ? lead.lastError : maskText(lead.lastError)}`,
    );
  return shown(parts);
}

function describeHeld(held: HeldRow, showPersonal: boolean): string {
  const attr = (name: string) => held.attributes.find((a) => a.Attribute === name)?.Value ?? "";
  const name = showPersonal ? attr("FirstName") : maskName(attr("FirstName"));
  const phone = showPersonal ? attr("Phone") : maskPhone(attr("Phone"));
  const erased = held.erasedAt === null ? [] : [`personal data erased ${when(held.erasedAt)}`];
  return shown([when(held.createdAt), held.id, held.form, name || "-", phone || "-", ...erased]);
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
      "database-url": { type: "string" },
      held: { type: "boolean" },
      release: { type: "string" },
      erase: { type: "string" },
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
  const statuses: LeadStatus[] = ["pending", "dead", "delivered", "withdrawn"];
  if (values.status !== undefined && !statuses.includes(values.status as LeadStatus)) {
    console.error(`--status must be one of ${statuses.join(", ")}.\n${usage}`);
    return 2;
  }
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    console.error(`--limit must be a whole number of at least 1.\n${usage}`);
    return 2;
  }
  const store = await openForCli(values["database-url"] ?? process.env.DATABASE_URL, values.db);
  if (typeof store === "number") return store;
  try {
    if (values["requeue-dead"]) {
      const n = await store.requeueDead();
      console.log(`Re-queued ${n} dead lead(s). A running relay sends them within a second or so.`);
      return 0;
    }
    if (values.erase !== undefined) return await erase(store, values.erase);
    if (values.release !== undefined) {
      if (!(await store.releaseHeld(values.release))) {
        console.error(`No held submission ${values.release} (see npm run leads -- --held).`);
        return 1;
      }
      console.log(`Released ${values.release}: it is queued for the CRM like any lead.`);
      return 0;
    }
    const personal = values["show-personal-data"] === true;
    const counts = await store.counts();
    const extra = [
      ...(counts.withdrawn > 0 ? [`${counts.withdrawn} withdrawn`] : []),
      ...(counts.held > 0 ? [`${counts.held} held for review`] : []),
    ];
    console.log(
      `Outbox ${store.where}: ${counts.pending} pending, ${counts.delivered} delivered, ${counts.dead} dead${extra.map((e) => `, ${e}`).join("")}`,
    );
    if (values.held) {
      const held = await store.listHeld(limit);
      console.log(
        `\nHeld for review (${counts.held}${counts.held > held.length ? `, newest ${held.length} shown` : ""}):`,
      );
      if (held.length === 0) console.log("  none");
      for (const h of held) console.log(describeLead(h, personal));
      console.log("\nA held submission had the honeypot filled in. If it was a person: npm run leads -- --release ID");
      return 0;
    }
    const show = values.status ? [values.status as LeadStatus] : statuses.slice(0, 3);
    for (const status of show) {
      const leads = await store.list(status, limit);
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
    if (counts.held > 0 && !values.status) console.log("Held submissions wait for review: npm run leads -- --held");
    return 0;
  } finally {
    await store.close();
  }
}

/** The outbox the CLI was pointed at, or an exit code when there is none. */
async function openForCli(databaseUrl: string | undefined, db: string | undefined): Promise<LeadStore | number> {
  if (databaseUrl) {
    try {
      return await PgStore.open(databaseUrl);
    } catch (error) {
      console.error(`Cannot reach the outbox database: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  const file = path.resolve(db ?? process.env.LEADS_DB ?? "leads.db");
  if (!existsSync(file)) {
    console.error(`No outbox at ${file}. The relay creates it when it starts (npm start); set LEADS_DB or --db.`);
    return 1;
  }
  return new SqliteStore(file, { writer: "inline" });
}

/** Erases one person's leads (a request under the DPDP Act) and says what that did. */
async function erase(store: LeadStore, phone: string): Promise<number> {
  if (phone.replace(/\D/g, "").length < 10) {
    console.error("--erase needs the person's phone number (10 digits; +91 and spaces are fine).");
    return 2;
  }
  const report = await store.eraseByPhone(phone);
  console.log(`Erased the personal data of ${maskPhone(phoneKey(phone))}'s leads in ${store.where}:`);
  console.log(`  ${report.withdrawn} pending or dead lead(s) withdrawn: they will not be sent to the CRM`);
  console.log(`  ${report.delivered.length} delivered lead(s) erased here`);
  console.log(`  ${report.held} held submission(s) erased`);
  if (report.delivered.length > 0) {
    console.log(
      `The CRM still holds the delivered one(s); erase them in LeadSquared too: ${report.delivered.join(", ")}`,
    );
  }
  return 0;
}
