/**
 * The per-client-address limit on lead submissions: a token bucket per address that holds
 * rate.count tokens and refills them over rate.perMs. Buckets that are full again are forgotten,
 * so the map stays as small as the set of recently active addresses.
 */
import type { Rate } from "./settings";

interface Bucket {
  tokens: number;
  at: number;
}

export class ClientLimit {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for the address: 0 when allowed, else the milliseconds until one is free. */
  take(address: string): number {
    const now = this.now();
    const perToken = this.rate.perMs / this.rate.count;
    const bucket = this.buckets.get(address) ?? { tokens: this.rate.count, at: now };
    bucket.tokens = Math.min(this.rate.count, bucket.tokens + (now - bucket.at) / perToken);
    bucket.at = now;
    this.sweep(now);
    this.buckets.set(address, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) * perToken);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.rate.perMs) return;
    this.lastSweep = now;
    const perToken = this.rate.perMs / this.rate.count;
    for (const [address, b] of this.buckets) {
      if (b.tokens + (now - b.at) / perToken >= this.rate.count) this.buckets.delete(address);
    }
  }
}
