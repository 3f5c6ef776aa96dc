// One build worker (see src/build/build.ts): runs batches of the build's jobs
// (src/build/prerender/jobs.ts) as the main thread hands them over (prerender.ts), until it has none left.
// Plain JavaScript: everything it runs lives in the server bundle, so the worker needs no TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";

const { ssrEntry, context } = workerData;
const ssr = await import(ssrEntry);
parentPort.on("message", async (order) => {
  if (order.done) {
    parentPort.close();
    return;
  }
  parentPort.postMessage({ result: await ssr.runJobs(order.jobs, context) });
});
parentPort.postMessage({ ready: true });
