/**
 * Promises that React's `use()` can read without suspending once they have settled.
 *
 * React reads `status` and `value` on a thenable it is given (the convention its own caches use);
 * a promise that already says "fulfilled" is unwrapped in the same render. The browser awaits a
 * page's code and content before hydrating, so the first render reads them synchronously and
 * matches the prerendered HTML; a later navigation suspends until they arrive.
 */
export type Tracked<T> = Promise<T>;

/** The fields React reads on a thenable it is given. */
type Marked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

/** Marks `promise` so `use()` can read its result synchronously once it has settled. */
export function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Marked<T>;
  if (tracked.status) return tracked;
  tracked.status = "pending";
  tracked.then(
    (value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = "rejected";
      tracked.reason = reason;
    },
  );
  return tracked;
}

/** A tracked promise that is already fulfilled. */
export function fulfilled<T>(value: T): Tracked<T> {
  const tracked = Promise.resolve(value) as Marked<T>;
  tracked.status = "fulfilled";
  tracked.value = value;
  return tracked;
}

/**
 * Memoises a loader by key: every call for the same key gets the same tracked promise. `cache`
 * may be given to seed or clear it from outside.
 */
export function memoLoader<K, T>(
  load: (key: K) => Promise<T>,
  cache = new Map<K, Tracked<T>>(),
): (key: K) => Tracked<T> {
  return (key) => {
    let pending = cache.get(key);
    if (!pending) {
      pending = track(load(key));
      cache.set(key, pending);
      // A failed load (offline for a moment) may be tried again on the next visit.
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}
