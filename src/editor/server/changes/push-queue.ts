/**
 * Pushes of change sets, after the save has answered. A save is durable once its commit is on the
 * change set's branch in the editor's clone; sending it to the remote (a process, a network round
 * trip, a rebase when another instance pushed first) happens here, one push at a time per
 * repository, so nobody waits for it. Several saves to one change set while a push runs are sent
 * by the next push together. A push that fails is kept (nothing is lost: the commit stays on the
 * branch), shown by `state`, and tried again after a pause that grows to a minute; publishing
 * pushes first and waits (`flush`). Tests wait for the queue with `idle`, not with sleeps.
 */

/** Where a change set's saves are with respect to the remote, when they are not all there yet. */
export interface PushState {
  /** "pending": waiting for its turn or being pushed; "failed": the last try failed, another is due. */
  state: "pending" | "failed";
  /** Why the last try failed, in the words git or the editor gave. */
  message?: string;
  /** Tries that failed in a row. */
  failures: number;
}

export interface PushQueueOptions {
  /** Pause before the first retry of a failed push, in ms (doubled each time, up to `maxRetryMs`). */
  retryMs?: number;
  maxRetryMs?: number;
  /** Told of a push that failed (a log line). */
  onFailure?: (id: string, message: string) => void;
}

export class PushQueue {
  /** Change sets with saves not yet on the remote, in the order they asked. */
  private readonly waiting = new Set<string>();
  private readonly failed = new Map<string, { message: string; failures: number }>();
  /** Pushes under way, by change set. */
  private readonly inflight = new Map<string, Promise<void>>();
  private draining: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private idlers: (() => void)[] = [];
  private closed = false;

  constructor(
    /** Sends one change set's branch to the remote; throws when it cannot. */
    private readonly push: (id: string) => Promise<void>,
    private readonly options: PushQueueOptions = {},
  ) {}

  /** A commit was made on the change set's branch: it goes to the remote soon. */
  schedule(id: string): void {
    this.waiting.add(id);
    this.drain();
  }

  /** Whether the change set has saves that are not on the remote yet. */
  unpushed(id: string): boolean {
    return this.waiting.has(id) || this.inflight.has(id) || this.failed.has(id);
  }

  /** The change set's push state, or undefined when everything it saved is on the remote. */
  state(id: string): PushState | undefined {
    const failure = this.failed.get(id);
    if (failure) return { state: "failed", message: failure.message, failures: failure.failures };
    return this.unpushed(id) ? { state: "pending", failures: 0 } : undefined;
  }

  /**
   * Pushes the change set now if it has anything unpushed (after the push under way, if any);
   * throws the push's error when it fails (it stays queued for a retry).
   */
  async flush(id: string): Promise<void> {
    await this.settled(id);
    if (this.waiting.has(id) || this.failed.has(id)) await this.attempt(id);
  }

  /** Resolves once no push of the change set is under way. */
  async settled(id: string): Promise<void> {
    for (let running = this.inflight.get(id); running; running = this.inflight.get(id))
      await running.catch(() => undefined);
  }

  /** Forgets a change set (removed): nothing of it is pushed any more. */
  forget(id: string): void {
    this.waiting.delete(id);
    this.failed.delete(id);
    this.settle();
  }

  /** Resolves once every save is on the remote (failed pushes are retried until then). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  /** Stops retrying (the server closes); saves not pushed stay on their branches for the next start. */
  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
  }

  private isIdle(): boolean {
    return this.waiting.size === 0 && this.failed.size === 0 && this.inflight.size === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const idlers = this.idlers;
    this.idlers = [];
    for (const resolve of idlers) resolve();
  }

  /** One push of the change set; a failure is recorded (and thrown) for a retry. */
  private attempt(id: string): Promise<void> {
    this.waiting.delete(id);
    const pushed = (async () => {
      try {
        await this.push(id);
        this.failed.delete(id);
      } catch (error) {
        // A remote's address may carry a token (https://user:token@host/...): never shown or logged.
        const message = (error instanceof Error ? error.message : String(error)).replace(
          /([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi,
          "$1",
        );
        this.failed.set(id, { message, failures: (this.failed.get(id)?.failures ?? 0) + 1 });
        this.options.onFailure?.(id, message);
        throw error;
      }
    })();
    this.inflight.set(id, pushed);
    const done = () => {
      if (this.inflight.get(id) === pushed) this.inflight.delete(id);
      this.scheduleRetry();
      this.settle();
    };
    pushed.then(done, done);
    return pushed;
  }

  private drain(): void {
    if (this.draining || this.closed) return;
    this.draining = (async () => {
      for (let [id] = this.waiting; id !== undefined; [id] = this.waiting) {
        // Pushed by a publish meanwhile: what was saved after that push goes now.
        const running = this.inflight.get(id);
        await (running ?? this.attempt(id)).catch(() => undefined);
      }
    })().finally(() => {
      this.draining = undefined;
      // A save scheduled after the loop found the queue empty but before this ran saw a drain
      // under way and left its change set to it: take it now, or it would wait forever.
      if (this.waiting.size > 0) this.drain();
    });
  }

  /** Failed pushes go back in the queue after a pause (the longest of their streaks sets it). */
  private scheduleRetry(): void {
    if (this.failed.size === 0 || this.retry || this.closed) return;
    const streak = Math.max(...[...this.failed.values()].map((f) => f.failures));
    const first = this.options.retryMs ?? 2_000;
    const pause = Math.min(first * 2 ** (streak - 1), this.options.maxRetryMs ?? 60_000);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      for (const id of this.failed.keys()) this.waiting.add(id);
      this.drain();
    }, pause);
    this.retry.unref();
  }
}
