/**
 * The CRM's pace: how many requests may start per period, and a pause after failures. With the
 * SQLite outbox one relay sends, and its pace lives in memory; with PostgreSQL every relay asks the
 * database (pg-pace.ts), so the CRM's limit holds for all of them together.
 */
import type { Rate } from "./settings";

/** The pace deliveries keep. */
export interface CrmPace {
  /** 0: a request may start now, and its start is counted. Else how many ms to wait (nothing counted). */
  take(): Promise<number>;
  /** How long until a request could start (nothing counted). */
  peek(): Promise<number>;
  /** No request starts before `ms` from now (the CRM is failing or asked us to wait). */
  pause(ms: number): Promise<void>;
}

/** A sliding-window limiter: at most rate.count starts in any rate.perMs window. */
export class RateWindow {
  private starts: number[] = [];
  constructor(private readonly rate: Rate) {}

  /** How long to wait before the next start is allowed (0: now). */
  waitMs(now: number): number {
    while (this.starts.length > 0 && this.starts[0] <= now - this.rate.perMs) this.starts.shift();
    if (this.starts.length < this.rate.count) return 0;
    return this.starts[this.starts.length - this.rate.count] + this.rate.perMs - now;
  }

  record(now: number): void {
    this.starts.push(now);
  }
}

/** The pace of one relay, in its memory. */
export class MemoryPace implements CrmPace {
  static readonly roomMs = 5;
  private readonly window: RateWindow;
  private pausedUntil = 0;

  constructor(
    rate: Rate,
    private readonly now: () => number = Date.now,
  ) {
    this.window = new RateWindow(rate);
  }

  private waitMs(now: number): number {
    // A few ms of room: the start is counted here, the request leaves a moment later, and the
    // clock counts whole ms; without it a window could hold one request too many as the CRM sees it.
    return Math.max(this.pausedUntil - now, this.window.waitMs(now - MemoryPace.roomMs), 0);
  }

  async peek(): Promise<number> {
    return this.waitMs(this.now());
  }

  /** Checks and counts in one step: no other lane can slip in between. */
  async take(): Promise<number> {
    const now = this.now();
    const wait = this.waitMs(now);
    if (wait === 0) this.window.record(now);
    return wait;
  }

  async pause(ms: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }
}
