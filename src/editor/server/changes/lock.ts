/**
 * Runs tasks one after another per key. Git keeps one index per worktree and locks refs while it
 * writes them, so two saves to one change set, or a fetch beside a push, must not overlap; and
 * two publishes run one after the other.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` once every task queued before it under `key` has finished (failed or not). */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget a key whose queue has emptied, so the map does not grow with every change set.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
