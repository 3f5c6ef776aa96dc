/**
 * New leads into the outbox, in groups: the leads that arrive while one group is being committed
 * are written together in the next transaction, so a burst costs one fsync per group. For a file,
 * a worker thread (outbox-writer.cjs, synchronous=FULL) writes and syncs them off the event loop,
 * and runs the checkpoints; for ":memory:" and short-lived tools, this thread does (inline).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import type { AcceptResult, NewLead } from "./store";

type WriteGroup = (leads: NewLead[], now: number) => AcceptResult[];

const require = createRequire(import.meta.url);
const writerFile = path.join(import.meta.dirname, "outbox-writer.cjs");
const { prepareWriter } = require(writerFile) as { prepareWriter: (db: Database.Database) => WriteGroup };

interface Pending {
  lead: NewLead;
  resolve: (r: AcceptResult) => void;
  reject: (e: unknown) => void;
}

/** Writes accepted leads to the outbox file in groups; each `accept` resolves once its group is on disk. */
export class GroupWriter {
  private readonly inlineWrite: WriteGroup | undefined;
  private writer: Worker | undefined;
  private queue: Pending[] = [];
  private inFlight: Pending[] | undefined;
  private batchNo = 0;
  private flushScheduled = false;
  private closed = false;

  /** `inline`: the outbox's own connection, to write in this thread; otherwise a writer thread opens `file`. */
  constructor(
    private readonly file: string,
    private readonly now: () => number,
    inline: Database.Database | undefined,
  ) {
    this.inlineWrite = inline ? prepareWriter(inline) : undefined;
    if (!inline) this.startWriter();
  }

  private startWriter(): Worker {
    const worker = new Worker(writerFile, {
      workerData: { role: "outbox-writer", file: this.file, driver: require.resolve("better-sqlite3") },
      // The writer is plain CommonJS: no TypeScript loader (or test runner hooks) needed.
      execArgv: [],
    });
    worker.on("message", (message: { type: string; batch?: number; results?: AcceptResult[]; error?: string }) => {
      if (message.type === "written" && message.batch === this.batchNo && this.inFlight && message.results) {
        const group = this.inFlight;
        this.inFlight = undefined;
        group.forEach((item, i) => {
          item.resolve(message.results![i]);
        });
        this.flush();
      } else if (message.type === "failed" && message.batch === this.batchNo && this.inFlight) {
        const group = this.inFlight;
        this.inFlight = undefined;
        for (const item of group) item.reject(new Error(message.error));
        this.flush();
      }
    });
    const gone = (reason: unknown) => {
      if (this.writer !== worker) return;
      // A writer that died takes its group with it (those requests get an error, not a 202);
      // the next lead starts a new one.
      this.writer = undefined;
      const group = this.inFlight ?? [];
      this.inFlight = undefined;
      for (const item of group) item.reject(reason instanceof Error ? reason : new Error(String(reason)));
      if (this.closed) return;
      this.flush();
      // Without leads coming in, a writer is still needed for the checkpoints.
      setTimeout(() => {
        if (!this.closed && !this.writer) this.startWriter();
      }, 1000).unref();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`The outbox writer stopped (exit code ${code}).`)));
    this.writer = worker;
    return worker;
  }

  /** Queues a lead for the next group; resolves with its result once the group is on disk. */
  accept(lead: NewLead): Promise<AcceptResult> {
    if (this.closed) return Promise.reject(new Error("The outbox is closed."));
    return new Promise((resolve, reject) => {
      this.queue.push({ lead, resolve, reject });
      // Wait for the rest of this turn of the event loop: leads that arrived together go together.
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => {
          this.flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    if (this.inFlight || this.queue.length === 0) return;
    const group = this.queue;
    this.queue = [];
    const leads = group.map((item) => item.lead);
    if (this.inlineWrite) {
      let results: AcceptResult[];
      try {
        results = this.inlineWrite(leads, this.now());
      } catch (error) {
        for (const item of group) item.reject(error);
        return;
      }
      group.forEach((item, i) => {
        item.resolve(results[i]);
      });
      return;
    }
    const writer = this.writer ?? this.startWriter();
    this.inFlight = group;
    this.batchNo++;
    writer.postMessage({ type: "write", batch: this.batchNo, leads, now: this.now() });
  }

  /** Writes what is queued, then stops the writer thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const writer = this.writer;
    if (writer) {
      while (this.inFlight || this.queue.length > 0) {
        this.flush();
        await new Promise((r) => setTimeout(r, 5));
        if (!this.writer) break;
      }
      this.writer = undefined;
      await new Promise<void>((resolve) => {
        writer.once("exit", () => resolve());
        writer.postMessage({ type: "close" });
      });
    } else {
      this.flush();
    }
    for (const item of this.queue.splice(0)) item.reject(new Error("The outbox is closed."));
  }
}
