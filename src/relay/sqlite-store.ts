/**
 * The outbox on the relay's own disk (outbox.ts), behind the LeadStore interface. One relay
 * process owns the file, so a claim is a mark in this process's memory: a relay that dies takes
 * its claims with it, and the lead it was sending is sent again as soon as it restarts.
 */
import type { Lead } from "../shared/leads/lead";
import { Outbox, type OutboxOptions } from "./outbox";
import type { LeadRow, LeadStatus, LeadStore, NewLead, OutboxCounts } from "./store";

export class SqliteStore implements LeadStore {
  readonly kind = "sqlite";
  readonly where: string;
  readonly outbox: Outbox;
  private readonly now: () => number;
  private readonly claimed = new Set<number>();

  constructor(file: string, options: OutboxOptions = {}) {
    this.outbox = new Outbox(file, options);
    this.where = file;
    this.now = options.now ?? Date.now;
  }

  accept(lead: NewLead) {
    return this.outbox.accept(lead);
  }

  async hold(lead: Lead) {
    return this.outbox.hold(lead);
  }

  async claim(_owner: string, _leaseMs: number): Promise<LeadRow | undefined> {
    const [lead] = this.outbox.due(this.now(), 1, this.claimed);
    if (lead) this.claimed.add(lead.seq);
    return lead;
  }

  async release(seq: number) {
    this.claimed.delete(seq);
  }

  async dueInMs() {
    const next = this.outbox.upcoming(this.claimed.size + 1).find((lead) => !this.claimed.has(lead.seq));
    return next === undefined ? undefined : Math.max(0, next.nextAttemptAt - this.now());
  }

  async markDelivered(seq: number, crmId: string | undefined) {
    this.claimed.delete(seq);
    this.outbox.markDelivered(seq, crmId);
  }

  async markRetry(seq: number, _owner: string, delayMs: number, reason: string) {
    this.claimed.delete(seq);
    this.outbox.markRetry(seq, this.now() + delayMs, reason);
  }

  async markDead(seq: number, _owner: string, reason: string) {
    this.claimed.delete(seq);
    this.outbox.markDead(seq, reason);
  }

  async pullForward() {
    return this.outbox.pullForward(this.now());
  }

  async requeueDead() {
    return this.outbox.requeueDead();
  }

  async counts(): Promise<OutboxCounts> {
    return this.outbox.allCounts();
  }

  async oldestPendingAgeMs() {
    const at = this.outbox.oldestPendingAt();
    return at === undefined ? undefined : Math.max(0, this.now() - at);
  }

  async list(status?: LeadStatus, limit?: number) {
    return this.outbox.list(status, limit);
  }

  async listHeld(limit?: number) {
    return this.outbox.listHeld(limit);
  }

  async releaseHeld(id: string) {
    return this.outbox.releaseHeld(id);
  }

  async eraseExpired(retentionMs: number) {
    return this.outbox.eraseExpired(retentionMs);
  }

  async eraseByPhone(phone: string) {
    return this.outbox.eraseByPhone(phone);
  }

  async secret(name: string) {
    return this.outbox.secret(name);
  }

  async ping() {
    this.outbox.counts();
  }

  close() {
    return this.outbox.close();
  }
}
