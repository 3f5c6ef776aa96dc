import { describe, expect, it } from "vitest";
import { KeyedLock } from "../../../src/editor/server/changes/lock";

/** A promise and the function that settles it. */
function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe("one-after-another lock (two publishes, two saves to one change set)", () => {
  it("runs a key's tasks one after another, and other keys' tasks alongside", async () => {
    const lock = new KeyedLock();
    const events: string[] = [];
    const first = deferred();
    const a = lock.run("publish", async () => {
      events.push("a starts");
      await first.promise;
      events.push("a ends");
    });
    const b = lock.run("publish", async () => {
      events.push("b starts");
    });
    const c = lock.run("menu", async () => {
      events.push("c runs");
    });
    await c;
    expect(events).toEqual(["a starts", "c runs"]);
    first.release();
    await Promise.all([a, b]);
    expect(events).toEqual(["a starts", "c runs", "a ends", "b starts"]);
  });

  it("goes on to the next task when one fails, and hands the failure to its caller", async () => {
    const lock = new KeyedLock();
    const failed = lock.run("k", async () => {
      throw new Error("push refused");
    });
    const next = lock.run("k", async () => "next ran");
    await expect(failed).rejects.toThrow("push refused");
    expect(await next).toBe("next ran");
  });
});
