/**
 * The helper thread's side (see helper.ts): takes chunks of files from the shared counter,
 * runs the first pass on them and posts each chunk's results.
 */
import { parentPort, workerData } from "node:worker_threads";
import { FileChecker } from "./check-file";
import { type ChunkDone, chunkSize, claimChunk, type HelperData } from "./helper";

const { jobs, counter, settings } = workerData as HelperData;
const checker = new FileChecker(settings);
for (let start = claimChunk(counter, jobs.length); start >= 0; start = claimChunk(counter, jobs.length)) {
  const done: ChunkDone = { start, results: jobs.slice(start, start + chunkSize).map((job) => checker.check(job)) };
  parentPort?.postMessage(done);
}
