import { parentPort, workerData } from "node:worker_threads";
import { FileChecker } from "./check-file";
import { type ChunkDone, chunkSize, claimChunk, type HelperData } from "./helper";

const { jobs, counter, settings } = workerData as HelperData;
const checker = new FileChecker(settings);
for (let start = claimChunk(counter, jobs.length); start >= 0; start = claimChunk(counter, jobs.length)) {
  const done: ChunkDone = { start, results: jobs.slice(start, start + chunkSize).map((job) => checker.check(job)) };
  parentPort?.postMessage(done);
}
