/**
 * Prometheus metrics (prom-client), in a registry of the relay's own so that two relays in one
 * process (tests) do not mix their counts. Counters count what this relay did; the outbox gauges
 * are read from the store at each scrape, so with a shared PostgreSQL outbox every relay reports
 * the same depth: aggregate them with max(), not sum().
 *
 * Served on their own listener (METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise),
 * never on the public port: the numbers say nothing personal, but how many people asked for an
 * appointment today is the hospital's business.
 */
import client from "prom-client";
import type { CrmOutcome } from "./crm";
import type { LeadStore } from "./store";

export interface RelayMetrics {
  registry: client.Registry;
  accepted: client.Counter<"form" | "outcome">;
  held: client.Counter;
  delivered: client.Counter;
  retried: client.Counter;
  dead: client.Counter;
  crmSeconds: client.Histogram<"outcome">;
  /** Records one CRM answer (the worker's onCrmAnswer). */
  crmAnswer: (outcome: CrmOutcome["kind"], seconds: number) => void;
}

export function createMetrics(store: LeadStore): RelayMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "relay_" });
  const accepted = new client.Counter({
    name: "leads_accepted_total",
    help: "Leads answered 202 (outcome: created, or replayed for a repeated Idempotency-Key).",
    labelNames: ["form", "outcome"] as const,
    registers: [registry],
  });
  const held = new client.Counter({
    name: "leads_held_total",
    help: "Submissions with the honeypot filled in, held for review.",
    registers: [registry],
  });
  const delivered = new client.Counter({
    name: "leads_delivered_total",
    help: "Leads the CRM took.",
    registers: [registry],
  });
  const retried = new client.Counter({
    name: "leads_retried_total",
    help: "Delivery attempts that failed and will be retried.",
    registers: [registry],
  });
  const dead = new client.Counter({
    name: "leads_dead_total",
    help: "Leads the CRM refused for good (parked as dead).",
    registers: [registry],
  });
  const crmSeconds = new client.Histogram({
    name: "leads_crm_request_duration_seconds",
    help: "How long Lead.Capture took to answer, by outcome (delivered, retry, dead).",
    labelNames: ["outcome"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  new client.Gauge({
    name: "leads_outbox_depth",
    help: "Leads waiting in the outbox (pending).",
    registers: [registry],
    async collect() {
      this.set((await store.counts()).pending);
    },
  });
  new client.Gauge({
    name: "leads_outbox_dead",
    help: "Dead leads in the outbox, waiting for a person (npm run leads).",
    registers: [registry],
    async collect() {
      this.set((await store.counts()).dead);
    },
  });
  new client.Gauge({
    name: "leads_oldest_pending_age_seconds",
    help: "Age of the oldest pending lead (0 when none is pending).",
    registers: [registry],
    async collect() {
      this.set(((await store.oldestPendingAgeMs()) ?? 0) / 1000);
    },
  });
  const counters = { delivered, retry: retried, dead };
  return {
    registry,
    accepted,
    held,
    delivered,
    retried,
    dead,
    crmSeconds,
    crmAnswer(outcome, seconds) {
      counters[outcome].inc();
      crmSeconds.observe({ outcome }, seconds);
    },
  };
}
