/**
 * A second thread for the first pass over large sites. The main thread and the helper take
 * chunks of files from one shared counter, so each does what it has time for; the helper starts
 * while the main thread is still loading ajv and compiling schemas.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Checked, Job, PassOneSettings } from "./check-file";

export const chunkSize = 64;
export const helperThreshold = 2_000;

export function claimChunk(counter: Int32Array, jobCount: number): number {
  const start = Atomics.add(counter, 0, chunkSize);
  return start < jobCount ? start : -1;
}

export interface HelperData {
  jobs: Job[];
  counter: Int32Array;
  settings: PassOneSettings;
}

export interface ChunkDone {
  start: number;
  results: Checked[];
}

export interface Helper {
  counter: Int32Array;
  finish(results: (Checked | undefined)[], mainChunks: Set<number>): Promise<void>;
}

export function soloCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function startHelper(jobs: Job[], settings: PassOneSettings): Helper | undefined {
  const threads = process.env.VALIDATE_THREADS;
  if (threads === "1" || (threads !== "2" && jobs.length < helperThreshold)) return undefined;
  const tsxApi = createRequire(import.meta.url).resolve("tsx/cjs/api");
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
