/**
 * Runs the jobs the planner chose (plan/): in the build's own thread when there are few, on a
 * worker per core when there are many (prerender/prerender.ts), in the order the workers take
 * them (plan/order.ts). A page that fails stops the build with a BuildError naming it.
 */
import { BuildError } from "./build-error";
import { plural } from "./explanations";
import { inWorkOrder } from "./plan/order";
import type { Job, JobContext, JobResult } from "./prerender/jobs";
import { pageBuildErrorName } from "./prerender/page-error";
import { runJobsOnWorkers, type ServerBundle, type WorkerPool } from "./prerender/prerender";

/** Fewer jobs than this run in the build's own thread: starting workers would cost more. */
const inThreadJobs = 48;

export interface JobRun {
  jobs: readonly Job[];
  context: JobContext;
  bundle: ServerBundle;
  /** The server bundle's folder, which the workers load. */
  ssrDir: string;
  workers: number;
  /** Workers started already (a full build starts them before it lists its pages); closed unused when the jobs are few. */
  pool?: WorkerPool;
}

/** Runs the jobs; returns what they wrote. */
export async function runPlannedJobs({ jobs, context, bundle, ssrDir, workers, pool }: JobRun): Promise<JobResult> {
  const ordered = inWorkOrder(jobs);
  const inThread = ordered.length < inThreadJobs || workers <= 1;
  if (inThread) pool?.close();
  return ordered.length === 0
    ? { written: [], unchanged: 0, times: {} }
    : await (inThread
        ? bundle.runJobs(ordered, context)
        : pool
          ? pool.run(ordered, context)
          : runJobsOnWorkers(ordered, context, ssrDir, workers)
      ).catch((error: unknown) => {
        // A page that failed names itself and its file (page-error.ts): that, not a stack, is shown.
        throw error instanceof Error && error.name === pageBuildErrorName ? new BuildError(error.message) : error;
      });
}

/** The lines after the jobs' step line: the cards named, and with BUILD_PROFILE the time per part. */
export function jobLines(result: JobResult): string[] {
  const lines: string[] = [];
  if (result.cards && result.cards.written > 0)
    lines.push(
      `    social cards: ${plural(result.cards.written, "new card")} named, drawn on request by the relay (or: npm run cards)`,
    );
  if (process.env.BUILD_PROFILE)
    lines.push(
      `    ${Object.entries(result.times)
        .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(2)} s`)
        .join(", ")}`,
    );
  return lines;
}
