/**
 * Sign-in attempts, limited per account and per address, counted in the editor database so that
 * every instance sees the same counts (rate-limiter-flexible was the alternative; a table of
 * failure times shared through the same database needs no second store and reads plainly).
 *
 * An account is locked after 5 failures within 15 minutes, until 15 minutes after the failure
 * that locked it; an address after 30 failures (many people behind one hospital network share
 * an address, so its limit is higher). A correct password while locked is still refused: the
 * lock must not tell a guesser when they are right.
 */
import type { EditorDb } from "./db";
import { messages } from "./messages";

export const accountLimit = { failures: 5, windowMs: 15 * 60_000 };
export const addressLimit = { failures: 30, windowMs: 15 * 60_000 };

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string) => `address:${address}`;

export class SignInLimits {
  constructor(
    private readonly db: EditorDb,
    private readonly now: () => number,
  ) {}

  /** How many ms until the key may try again; 0 when it may now. */
  private async waitMs(key: string, limit: { failures: number; windowMs: number }): Promise<number> {
    const at = this.now();
    const times = await this.db.attempts.since(key, at - limit.windowMs);
    if (times.length < limit.failures) return 0;
    // Locked by the failure that reached the limit; it opens once that one leaves the window.
    return Math.max(0, times[times.length - limit.failures] + limit.windowMs - at);
  }

  /** Why this sign-in may not be tried now, in words; undefined when it may. */
  async refusal(email: string, address: string): Promise<{ message: string; reason: string } | undefined> {
    const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
    const address_ = await this.waitMs(addressKey(address), addressLimit);
    if (address_ > 0) return { message: messages.addressLimited(minutes(address_)), reason: "address-limited" };
    const account = await this.waitMs(accountKey(email), accountLimit);
    if (account > 0) return { message: messages.accountLocked(minutes(account)), reason: "account-locked" };
    return undefined;
  }

  async failed(email: string, address: string): Promise<void> {
    const at = this.now();
    await this.db.attempts.add(accountKey(email), at);
    await this.db.attempts.add(addressKey(address), at);
  }

  /** A correct sign-in forgets the account's failures (not the address's). */
  async succeeded(email: string): Promise<void> {
    await this.db.attempts.clear(accountKey(email));
  }
}
