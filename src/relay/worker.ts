/**
 * The delivery worker: takes due leads from the outbox, oldest first, and sends them to the CRM no
 * faster than the configured rate (default 5 per 5 s), a few at a time at most.
 *
 * - A retryable failure (network, 5xx, 429, access problems) puts the lead back with exponential
 *   backoff (base x 2^(attempts-1), capped, with jitter) and pauses the whole worker the same way,
 *   so a CRM that is down is probed, not hammered. A 429's Retry-After is honoured.
 * - The first success after an outage (several failures in a row) makes every pending lead due
 *   at once: the CRM is back.
 * - A lead the CRM refuses (MX... error) is parked as dead with the reason; `npm run leads --
 *   --requeue-dead` puts it back.
 * - Nothing about a lead being "in flight" is written down: a lead sent when the process dies is
 *   still pending in the file and is sent again at the next start. At least once, never lost.
 */
import type { CrmSender } from "./crm";
import type { LeadRow, Outbox } from "./outbox";
import type { Rate } from "./settings";

/** Options of the worker. */
export interface WorkerOptions {
  outbox: Outbox;
  send: CrmSender;
  rate: Rate;
  /** How many deliveries may be under way at once; default 1. */
  concurrency?: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often to look for leads when none is due (others, such as `npm run leads`, may add some). */
  idlePollMs?: number;
  now?: () => number;
  random?: () => number;
  log?: (message: string) => void;
}

/** A sliding-window limiter: at most rate.count starts in any rate.perMs window. */
export class RateWindow {
  private starts: number[] = [];
  constructor(private readonly rate: Rate) {}

  /** How long to wait before the next start is allowed (0: now). */
  waitMs(now: number): number {
    while (this.starts.length > 0 && this.starts[0] <= now - this.rate.perMs) this.starts.shift();
    if (this.starts.length < this.rate.count) return 0;
    return this.starts[0] + this.rate.perMs - now;
  }

  record(now: number): void {
    this.starts.push(now);
  }
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

export class DeliveryWorker {
  readonly stats: WorkerStats = { delivered: 0, retried: 0, dead: 0 };
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly limiter: RateWindow;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: (message: string) => void;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private running = false;
  private pausedUntil = 0;
  private failures = 0;

  constructor(private readonly options: WorkerOptions) {
    this.limiter = new RateWindow(options.rate);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? ((m) => console.log(m));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pump();
  }

  /** A lead was added: look now rather than at the next poll. */
  kick(): void {
    if (this.running) setImmediate(() => this.pump());
  }

  /** Stops taking leads and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all(this.inFlight.values());
  }

  /** How many deliveries are under way. */
  get busy(): number {
    return this.inFlight.size;
  }

  private wakeIn(ms: number): void {
    const at = this.now() + Math.max(0, ms);
    if (this.timer && at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.pump();
      },
      Math.max(0, ms),
    );
  }

  private pump(): void {
    const concurrency = this.options.concurrency ?? 1;
    while (this.running && this.inFlight.size < concurrency) {
      const now = this.now();
      const wait = Math.max(this.pausedUntil - now, this.limiter.waitMs(now));
      if (wait > 0) {
        this.wakeIn(wait);
        return;
      }
      const [lead] = this.options.outbox.due(now, 1, new Set(this.inFlight.keys()));
      if (!lead) {
        const next = this.options.outbox.nextDueAt();
        const idle = this.options.idlePollMs ?? 1000;
        this.wakeIn(next !== undefined && next > now ? Math.min(next - now, idle) : idle);
        return;
      }
      this.limiter.record(now);
      const delivery = this.deliver(lead).finally(() => {
        this.inFlight.delete(lead.seq);
        this.pump();
      });
      this.inFlight.set(lead.seq, delivery);
    }
  }

  private async deliver(lead: LeadRow): Promise<void> {
    const { outbox, retryBaseMs, retryMaxMs } = this.options;
    let outcome: Awaited<ReturnType<CrmSender>>;
    try {
      outcome = await this.options.send(lead.attributes);
    } catch (error) {
      outcome = { kind: "retry", reason: `sender failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    const now = this.now();
    try {
      if (outcome.kind === "delivered") {
        outbox.markDelivered(lead.seq, outcome.crmId);
        this.stats.delivered++;
        // Several failures in a row were an outage, not one bad lead: the CRM is back, so the
        // leads waiting out their backoff need not wait any longer.
        if (this.failures >= outageFailures) {
          const moved = outbox.pullForward(now);
          this.log(`CRM reachable again after ${this.failures} failures; ${moved} waiting lead(s) due now.`);
        }
        this.failures = 0;
      } else if (outcome.kind === "dead") {
        outbox.markDead(lead.seq, outcome.reason);
        this.stats.dead++;
        this.log(`Lead ${lead.id} parked as dead: ${outcome.reason}`);
      } else {
        const delay = backoffMs(lead.attempts + 1, retryBaseMs, retryMaxMs, this.random);
        outbox.markRetry(lead.seq, now + delay, outcome.reason);
        this.stats.retried++;
        this.failures++;
        const pause =
          outcome.retryAfterMs !== undefined
            ? Math.min(outcome.retryAfterMs, retryMaxMs)
            : backoffMs(this.failures, retryBaseMs, retryMaxMs, this.random);
        this.pausedUntil = Math.max(this.pausedUntil, now + pause);
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.log(
            `Delivery failed (${outcome.reason}); lead ${lead.id} retried later, ${this.failures} failure(s) in a row.`,
          );
        }
      }
    } catch (error) {
      // The outbox could not record the outcome (disk full, file gone). The lead stays pending and
      // will be sent again: at least once.
      this.log(
        `Could not record the outcome of lead ${lead.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
