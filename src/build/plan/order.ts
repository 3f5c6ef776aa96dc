import type { Job } from "../prerender/jobs";

/**
 * The order jobs are handed to the workers in: the client build's files first (a few, each
 * compressed at the highest levels, some for a tenth of a second), so the many small jobs after
 * them even the workers out at the end.
 */
const kindOrder: Record<Job["kind"], number> = {
  compress: 0,
  page: 1,
  "treatment-data": 2,
  "treatment-translation": 3,
  "list-data": 4,
  "index-data": 5,
};

/** The jobs in the order the workers take them (a copy; the order planned is kept within a kind). */
export function inWorkOrder(jobs: readonly Job[]): Job[] {
  return [...jobs].sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || byPage(a, b));
}

/**
 * Pages by their English address: a page in the site's languages one after another, so a worker
 * reads a treatment once for all of them (jobs.ts). Other jobs keep their order.
 */
function byPage(a: Job, b: Job): number {
  if (a.kind !== "page" || b.kind !== "page") return 0;
  return a.spec.english < b.spec.english ? -1 : a.spec.english > b.spec.english ? 1 : 0;
}
