/**
 * The build's workers (worker.mjs), one per core: started early, each loading the server bundle
 * (a second or so of a worker's time) while the build's thread lists and plans the pages, then
 * given the jobs. They take their batches from a counter they share, in order, each the next when
 * it has done its last (a static share left one worker a second behind the other at 10,000 pages:
 * jobs of one kind do not cost the same), so the build's thread is free for work of its own
 * meanwhile (the search index: build.ts).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import { projectRoot } from "../project-root";
import type { Job, JobContext, JobResult } from "./jobs";

/** Jobs a worker takes at a time: small enough that the workers finish together. */
const batchSize = (jobs: number, workers: number) => Math.max(1, Math.min(50, Math.ceil(jobs / (workers * 40))));

/** What the workers are sent to start work: the jobs and their context, and the counter of batches taken. */
export interface WorkerOrders {
  /**
   * `{ jobs, context }` serialised once (node:v8) into shared memory, which every worker reads:
   * cloned into each worker's message, tens of thousands of jobs were a tenth of a second each of
   * the build's thread.
   */
  work: SharedArrayBuffer;
  size: number;
  /** An Int32Array over a SharedArrayBuffer: [0] is the number of batches taken so far. */
  next: Int32Array;
}

export interface WorkerPool {
  readonly size: number;
  /** Runs the jobs on the pool's workers; they end when done. */
  run(jobs: Job[], context: JobContext): Promise<JobResult>;
  /** Ends the workers without work (a build with too few jobs for them). */
  close(): void;
}

/** Starts `count` workers loading the server bundle in `ssrDir`. */
export function startWorkers(ssrDir: string, count: number): WorkerPool {
  const ssrEntry = pathToFileURL(path.join(ssrDir, "entry-server.js")).href;
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(path.join(projectRoot, "src/build/prerender/worker.mjs"), {
      workerData: { ssrEntry },
      // Rendering makes short-lived garbage by the megabyte: a larger young generation lets more
      // of it die there instead of being copied and promoted (measured: 2,047 pages on one worker
      // 7.9 s -> 6.2 s; no change at 10,000 pages on two).
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    // Waiting for work, a worker keeps no process alive (a build that stops before its jobs).
    worker.unref();
    const done = new Promise<JobResult[]>((resolve, reject) => {
      // Its last word: what it did, posted as it ends.
      worker.once("message", (results: JobResult[]) => resolve(results));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`A build worker stopped with code ${code} before it was done.`)));
    });
    done.catch(() => undefined); // awaited by run(): not an unhandled rejection meanwhile
    return { worker, done };
  });
  return {
    size: count,
    async run(jobs, context) {
      const bytes = serialize({ jobs, context });
      const work = new SharedArrayBuffer(bytes.length);
      new Uint8Array(work).set(bytes);
      const orders: WorkerOrders = {
        work,
        size: batchSize(jobs.length, count),
        next: new Int32Array(new SharedArrayBuffer(4)),
      };
      for (const { worker } of workers) {
        worker.ref();
        worker.postMessage(orders);
      }
      return mergeResults((await Promise.all(workers.map((w) => w.done))).flat());
    },
    close() {
      for (const { worker } of workers) void worker.terminate();
    },
  };
}

/** What several runs of jobs did, as one. */
export function mergeResults(results: JobResult[]): JobResult {
  const times: Record<string, number> = {};
  for (const r of results) for (const [part, ms] of Object.entries(r.times)) times[part] = (times[part] ?? 0) + ms;
  const cards = (key: "written" | "found") => results.reduce((n, r) => n + (r.cards?.[key] ?? 0), 0);
  return {
    // A social card shared by pages of several batches is named by each.
    written: [...new Set(results.flatMap((r) => r.written))],
    unchanged: results.reduce((n, r) => n + r.unchanged, 0),
    times,
    cards: { written: cards("written"), found: cards("found") },
    pageCards: Object.assign({}, ...results.map((r) => r.pageCards ?? {})),
  };
}

/** Runs jobs on `workers` workers started for them, and merges what they did. */
export function runJobsOnWorkers(
  jobs: Job[],
  context: JobContext,
  ssrDir: string,
  workers: number,
): Promise<JobResult> {
  return startWorkers(ssrDir, Math.max(1, Math.min(workers, jobs.length))).run(jobs, context);
}
