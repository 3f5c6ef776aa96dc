// One build worker (see src/build/build.ts): runs its share of the build's jobs (src/build/prerender/jobs.ts).
// Plain JavaScript: everything it runs lives in the server bundle, so the worker needs no TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";

const { ssrEntry, jobs, context } = workerData;
const ssr = await import(ssrEntry);
parentPort.postMessage(await ssr.runJobs(jobs, context));
