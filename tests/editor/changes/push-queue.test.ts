import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { PushQueue } from "../../../src/editor/server/changes/push-queue";

/** Lets every pending promise callback and I/O turn run (the fake pushes below finish at once). */
async function settle(turns = 20) {
  for (let i = 0; i < turns; i++) await nextTurn();
}

describe("the push queue", () => {
  it("pushes a save scheduled at any moment while the last push is finishing", async () => {
    // The second save is scheduled n promise steps after the first push ends, for every n across
    // the queue's own wind-down: none of those moments may leave it unpushed.
    for (let steps = 0; steps < 40; steps++) {
      const pushed: string[] = [];
      let first = true;
      const queue = new PushQueue(async (id) => {
        pushed.push(id);
        if (!first) return;
        first = false;
        void (async () => {
          for (let i = 0; i < steps; i++) await Promise.resolve();
          queue.schedule("second");
        })();
      });
      queue.schedule("first");
      await settle();
      expect({ steps, pushed }).toEqual({ steps, pushed: ["first", "second"] });
      expect(queue.unpushed("second")).toBe(false);
    }
  });

  it("keeps a failed push, shows it, and pushes it on the retry", async () => {
    let fail = true;
    const queue = new PushQueue(
      async () => {
        if (fail) throw new Error("fatal: could not read from https://user:token@example.org/site.git");
      },
      { retryMs: 1 },
    );
    queue.schedule("a");
    await settle();
    // The retry after 1 ms may already have failed again on a slow machine: the count is 1 or more.
    expect(queue.state("a")).toMatchObject({
      state: "failed",
      message: "fatal: could not read from https://example.org/site.git",
    });
    expect(queue.state("a")?.failures).toBeGreaterThanOrEqual(1);
    fail = false;
    await queue.idle();
    expect(queue.state("a")).toBeUndefined();
  });
});
