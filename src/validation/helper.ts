/**
 * A second thread for the first pass over large sites. The main thread and the helper take
 * chunks of files from one shared counter, so each does what it has time for; the helper starts
 * while the main thread is still loading ajv and compiling schemas.
 *
 * The helper loads the TypeScript sources through tsx's CommonJS hook, which starts far faster in
 * a worker than its ES module loader. If it cannot start, or stops, the main thread does the
 * files it left.
 *
 * This module is loaded before ajv, so it imports nothing heavy.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Checked, Job, PassOneSettings } from "./check-file";

/** Files per chunk: small enough to share the tail, large enough to keep messages few. */
export const chunkSize = 64;

/** Below this many files a helper costs more to start than it saves. */
export const helperThreshold = 2_000;

/** The start of the next unclaimed chunk, or -1 when none is left. */
export function claimChunk(counter: Int32Array, jobCount: number): number {
  const start = Atomics.add(counter, 0, chunkSize);
  return start < jobCount ? start : -1;
}

/** What the helper thread receives. */
export interface HelperData {
  jobs: Job[];
  counter: Int32Array;
  settings: PassOneSettings;
}

/** The helper's message for one chunk of files. */
export interface ChunkDone {
  start: number;
  results: Checked[];
}

export interface Helper {
  counter: Int32Array;
  /**
   * Puts the helper's results into `results` once every chunk the main thread did not claim has
   * arrived, or the helper has stopped; then stops the helper.
   */
  finish(results: (Checked | undefined)[], mainChunks: Set<number>): Promise<void>;
}

/** A shared counter for a run without a helper. */
export function soloCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * Starts a helper thread for these jobs, or returns undefined when one would not pay.
 * VALIDATE_THREADS=1 never starts one; VALIDATE_THREADS=2 always does (for tests).
 */
export function startHelper(jobs: Job[], settings: PassOneSettings): Helper | undefined {
  const threads = process.env.VALIDATE_THREADS;
  if (threads === "1" || (threads !== "2" && jobs.length < helperThreshold)) return undefined;
  let tsxApi: string;
  try {
    tsxApi = createRequire(import.meta.url).resolve("tsx/cjs/api");
  } catch {
    return undefined;
  }
  const counter = soloCounter();
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "worker.ts");
  const boot = `require(${JSON.stringify(tsxApi)}).register(); require(${JSON.stringify(entry)});`;
  const data: HelperData = { jobs, counter, settings };
  const worker = new Worker(boot, { eval: true, workerData: data });
  worker.unref();

  const arrived = new Map<number, Checked[]>();
  let stopped = false;
  let wake = () => {};
  worker.on("message", (message: ChunkDone) => {
    arrived.set(message.start, message.results);
    wake();
  });
  const stop = () => {
    stopped = true;
    wake();
  };
  worker.on("error", stop);
  worker.on("exit", stop);

  return {
    counter,
    async finish(results, mainChunks) {
      const expected: number[] = [];
      for (let start = 0; start < jobs.length; start += chunkSize) if (!mainChunks.has(start)) expected.push(start);
      while (!stopped && expected.some((start) => !arrived.has(start))) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      for (const [start, chunk] of arrived) {
        for (let i = 0; i < chunk.length; i++) results[start + i] = chunk[i];
      }
      await worker.terminate();
    },
  };
}
