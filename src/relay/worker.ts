/**
 * The delivery worker: takes due leads from the outbox, oldest first, and sends them to the CRM no
 * faster than the CRM's pace (default 5 per 5 s, shared by every relay when the outbox is
 * PostgreSQL's), a few at a time at most.
 *
 * - Each of `concurrency` lanes claims a lead (a lease: no other lane or relay gets it meanwhile),
 *   waits for a slot of the pace, sends, and records the outcome.
 * - A retryable failure (network, 5xx, 429, access problems) puts the lead back with exponential
 *   backoff (base x 2^(attempts-1), capped, with jitter) and pauses the pace the same way, so a
 *   CRM that is down is probed, not hammered. A 429's Retry-After is honoured.
 * - The first success after an outage (several failures in a row) makes every pending lead due
 *   at once: the CRM is back.
 * - A lead the CRM refuses (MX... error) is parked as dead with the reason; `npm run leads --
 *   --requeue-dead` puts it back.
 * - Nothing about the request itself is written down before it is sent: a lead being sent when
 *   the process dies is still pending and is sent again (at once after a restart on SQLite; when
 *   its lease runs out on PostgreSQL). At least once, never lost.
 * - When the outcome cannot be recorded (the database is restarting), it is tried again until the
 *   lease would run out: giving up early would let another relay send the lead a second time.
 */
import { randomUUID } from "node:crypto";
import type { CrmOutcome, CrmSender } from "./crm";
import type { Logger } from "./logger";
import { maskText } from "./mask";
import type { CrmPace } from "./pace";
import type { LeadRow, LeadStore } from "./store";

export { RateWindow } from "./pace";

/** Options of the worker. */
export interface WorkerOptions {
  store: LeadStore;
  pace: CrmPace;
  send: CrmSender;
  /** How many deliveries may be under way at once; default 1. */
  concurrency?: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim lasts; it must outlast a CRM request and a database restart. Default 60 s. */
  leaseMs?: number;
  /** How often to look for leads when none is due (another relay or `npm run leads` may add some). */
  idlePollMs?: number;
  random?: () => number;
  log: Logger;
  /** Told about each CRM request (metrics). */
  onCrmAnswer?: (outcome: CrmOutcome["kind"], seconds: number) => void;
}

/** Exponential backoff with "equal jitter": between half and all of min(max, base x 2^(n-1)). */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Failures in a row that count as an outage (one lead failing alone does not). */
const outageFailures = 3;

/** Counters for logs and tests. */
export interface WorkerStats {
  delivered: number;
  retried: number;
  dead: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DeliveryWorker {
  readonly stats: WorkerStats = { delivered: 0, retried: 0, dead: 0 };
  /** Who holds a lease: this process, whatever machine it runs on. */
  readonly owner = randomUUID();
  private readonly leaseMs: number;
  private readonly random: () => number;
  private readonly log: Logger;
  private readonly abort = new AbortController();
  private lanes: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private running = false;
  /** When stopping: past this, an outcome that cannot be recorded is left (the lead stays pending). */
  private stopDeadline = Number.POSITIVE_INFINITY;
  private failures = 0;
  private storeTrouble = false;

  constructor(private readonly options: WorkerOptions) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.random = options.random ?? Math.random;
    this.log = options.log;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lanes = Array.from({ length: this.options.concurrency ?? 1 }, () => this.lane());
  }

  /** A lead was added: look now rather than at the next poll. */
  kick(): void {
    for (const wake of this.wakers) wake();
  }

  /**
   * Stops taking leads and waits for the deliveries under way; those still waiting on the CRM
   * after `graceMs` are abandoned (they stay pending and are sent again later).
   */
  async stop(graceMs = 8000): Promise<void> {
    this.running = false;
    this.stopDeadline = Date.now() + graceMs;
    this.kick();
    const timer = setTimeout(() => this.abort.abort(new Error("the relay is stopping")), graceMs);
    await Promise.all(this.lanes);
    clearTimeout(timer);
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.wakers.add(done);
    });
  }

  private async lane(): Promise<void> {
    const idle = this.options.idlePollMs ?? 1000;
    while (this.running) {
      try {
        const wait = await this.options.pace.peek();
        if (wait > 0) {
          await this.sleep(Math.min(wait, idle));
          continue;
        }
        const lead = await this.options.store.claim(this.owner, this.leaseMs);
        this.storeBack();
        if (!lead) {
          const due = await this.options.store.dueInMs();
          await this.sleep(due === undefined ? idle : Math.min(Math.max(due, 20), idle));
          continue;
        }
        const claimedAt = Date.now();
        if (await this.waitForSlot(lead)) await this.deliver(lead, claimedAt);
      } catch (error) {
        this.storeDown(error);
        await this.sleep(1000);
      }
    }
  }

  /** Waits for the pace to allow a start; gives the lead back when that would take too long. */
  private async waitForSlot(lead: LeadRow): Promise<boolean> {
    for (;;) {
      const wait = await this.options.pace.take();
      if (wait === 0) return true;
      if (!this.running || wait > this.leaseMs / 4) {
        await this.options.store.release(lead.seq, this.owner);
        await this.sleep(wait);
        return false;
      }
      await this.sleep(wait);
    }
  }

  private async deliver(lead: LeadRow, claimedAt: number): Promise<void> {
    const started = performance.now();
    let outcome: CrmOutcome;
    try {
      outcome = await this.options.send(lead.attributes, this.abort.signal);
    } catch (error) {
      outcome = { kind: "retry", reason: `sender failed: ${message(error)}` };
    }
    this.options.onCrmAnswer?.(outcome.kind, (performance.now() - started) / 1000);
    // Until the lease runs out the lead is ours; after that another relay may send it anyway.
    const deadline = claimedAt + this.leaseMs - 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.record(lead, outcome);
        return;
      } catch (error) {
        if (attempt === 0)
          this.log.warn({ lead: lead.id, err: message(error) }, "Could not record a delivery outcome yet");
        if (Date.now() > Math.min(deadline, this.stopDeadline)) {
          // The lead stays pending and will be sent again: at least once.
          this.log.error({ lead: lead.id, err: message(error) }, "Gave up recording a delivery outcome");
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async record(lead: LeadRow, outcome: CrmOutcome): Promise<void> {
    const { store, pace, retryBaseMs, retryMaxMs } = this.options;
    if (outcome.kind === "delivered") {
      await store.markDelivered(lead.seq, outcome.crmId);
      this.stats.delivered++;
      // Several failures in a row were an outage, not one bad lead: the CRM is back, so the
      // leads waiting out their backoff need not wait any longer.
      if (this.failures >= outageFailures) {
        const moved = await store.pullForward();
        this.log.info({ failures: this.failures, due: moved }, "CRM reachable again; waiting leads are due now");
      }
      this.failures = 0;
    } else if (outcome.kind === "dead") {
      await store.markDead(lead.seq, this.owner, outcome.reason);
      this.stats.dead++;
      this.log.warn({ lead: lead.id, reason: maskText(outcome.reason) }, "Lead parked as dead");
    } else {
      const delay = backoffMs(lead.attempts + 1, retryBaseMs, retryMaxMs, this.random);
      await store.markRetry(lead.seq, this.owner, delay, outcome.reason);
      this.stats.retried++;
      this.failures++;
      const pause =
        outcome.retryAfterMs !== undefined
          ? Math.min(outcome.retryAfterMs, retryMaxMs)
          : backoffMs(this.failures, retryBaseMs, retryMaxMs, this.random);
      await pace.pause(pause);
      if (this.failures === 1 || this.failures % 20 === 0) {
        this.log.warn(
          { lead: lead.id, reason: maskText(outcome.reason), failures: this.failures },
          "Delivery failed; the lead is retried later",
        );
      }
    }
  }

  private storeDown(error: unknown): void {
    if (this.storeTrouble) return;
    this.storeTrouble = true;
    this.log.error({ err: message(error) }, "The outbox cannot be reached; deliveries wait");
  }

  private storeBack(): void {
    if (!this.storeTrouble) return;
    this.storeTrouble = false;
    this.log.info("The outbox is reachable again; deliveries go on");
  }
}
