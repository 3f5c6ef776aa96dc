// One prerender worker (see src/build/prerender/prerender.ts). Plain JavaScript: everything it runs lives in
// the SSR bundle (src/build/prerender/share.ts), so the worker needs no TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";

const { ssrEntry, ...options } = workerData;
const ssr = await import(ssrEntry);
parentPort.postMessage(await ssr.prerenderShare(options));
