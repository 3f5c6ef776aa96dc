/**
 * A hosted editor's checks, run in a worker thread of their own (check-worker.ts): a save's
 * validation takes the worker's time, not the server's, so reading a file or a list never waits
 * behind someone's save. Gives each change set's SiteApi its Checker.
 */
import { Worker } from "node:worker_threads";
import type { Problem } from "../../validation";
import type { Checker } from "./check";
import type { CheckAnswer, CheckCall } from "./check-worker";
import type { Written } from "./site-api";

type Call = CheckCall extends infer C ? (C extends CheckCall ? Omit<C, "id"> : never) : never;

export class CheckThread {
  private worker: Worker | undefined;
  private readonly calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private ids = 0;

  /** `publishedRoot`: the published branch's worktree, whose snapshot every change set is checked against. */
  constructor(private readonly publishedRoot: string) {}

  private start(): Worker {
    const worker = new Worker(new URL("./check-worker.mjs", import.meta.url), {
      workerData: { publishedRoot: this.publishedRoot },
      // The validator makes short-lived garbage by the megabyte (as the build's workers do).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    worker.on("message", (answer: CheckAnswer) => {
      const call = this.calls.get(answer.id);
      this.calls.delete(answer.id);
      if (answer.error !== undefined) call?.reject(new Error(answer.error));
      else call?.resolve(answer.value);
    });
    const gone = (reason: unknown) => {
      if (this.worker !== worker) return;
      // A worker that died takes its calls with it; the next call starts another.
      this.worker = undefined;
      for (const call of this.calls.values()) call.reject(reason instanceof Error ? reason : new Error(String(reason)));
      this.calls.clear();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`The checks' worker stopped (code ${code}).`)));
    // An idle worker does not keep the process alive.
    worker.unref();
    return worker;
  }

  private call<T>(call: Call): Promise<T> {
    this.worker ??= this.start();
    const id = ++this.ids;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker?.postMessage({ ...call, id });
    });
  }

  /** The checker of the worktree at `root` (a change set's, or the published one). */
  checker(root: string): Checker {
    return async (file, text, removed) => {
      const result = await this.call<{ errors: Problem[]; warnings: Problem[]; token: number }>({
        kind: "check",
        root,
        file,
        text,
        removed,
      });
      return {
        errors: result.errors,
        warnings: result.warnings,
        // Posted, not awaited: the worker takes its messages in order, so every later check of this
        // worktree sees it, and a save answers one round trip sooner (a trip that waited behind
        // other people's checks). A worker that died took what it kept with it.
        adopt: () => {
          this.call<void>({ kind: "adopt", root, token: result.token }).catch(() => undefined);
          return Promise.resolve();
        },
      };
    };
  }

  /** Tells the checks what a request wrote in a worktree. */
  wrote(root: string, files: Written[]): Promise<void> {
    return this.call({ kind: "wrote", root, files: files.map((f) => ({ ...f })) });
  }

  /** Forgets what is kept of a worktree (its change set moved by git, or is gone). */
  forget(root: string): Promise<void> {
    return this.call({ kind: "forget", root });
  }

  /** The published branch moved (or the editor started): the snapshot is made again, now. */
  refresh(): Promise<void> {
    return this.call({ kind: "refresh" });
  }

  async close() {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
