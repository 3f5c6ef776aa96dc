// One build worker (see src/build/build.ts): runs batches of the build's jobs
// (src/build/prerender/jobs.ts), taking the next batch from a counter the workers share
// (prerender.ts's WorkerOrders) until none is left, then posts what its batches did and ends.
// Plain JavaScript: everything it runs lives in the server bundle, so the worker needs no TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";

const { ssrEntry, context, jobs, size, next } = workerData;
const ssr = await import(ssrEntry);
const results = [];
for (;;) {
  const start = Atomics.add(next, 0, 1) * size;
  if (start >= jobs.length) break;
  results.push(await ssr.runJobs(jobs.slice(start, start + size), context));
}
parentPort.postMessage(results);
