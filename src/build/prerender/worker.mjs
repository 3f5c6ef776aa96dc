// One build worker (see src/build/prerender/workers.ts): loads the server bundle, waits for the
// build's jobs, then runs batches of them (src/build/prerender/jobs.ts), taking the next batch from
// a counter the workers share until none is left, posts what its batches did and ends.
// Plain JavaScript: everything it runs lives in the server bundle, so the worker needs no TypeScript loader.
import { deserialize } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";

const ssr = await import(workerData.ssrEntry);
parentPort.once("message", async ({ work, size, next }) => {
  const { jobs, context } = deserialize(new Uint8Array(work));
  const results = [];
  for (;;) {
    const start = Atomics.add(next, 0, 1) * size;
    if (start >= jobs.length) break;
    results.push(await ssr.runJobs(jobs.slice(start, start + size), context));
  }
  parentPort.postMessage(results);
  parentPort.close();
});
