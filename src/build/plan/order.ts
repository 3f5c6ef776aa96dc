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

/**
 * The jobs in the order the workers take them (a copy; the order planned is kept within a kind),
 * with a treatment's data job right after its pages: the worker that read the treatment for them
 * has it still (jobs.ts keeps the last few), and its data's text (page-hydration.ts).
 */
export function inWorkOrder(jobs: readonly Job[]): Job[] {
  const sorted = [...jobs].sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || byPage(a, b));
  const dataJobs = new Map<string, Job>();
  for (const job of sorted) if (job.kind === "treatment-data") dataJobs.set(treatmentKey(job), job);
  if (dataJobs.size === 0) return sorted;
  const ordered: Job[] = [];
  const placed = new Set<Job>();
  sorted.forEach((job, i) => {
    if (placed.has(job)) return;
    ordered.push(job);
    if (job.kind !== "page" || job.spec.kind !== "treatment") return;
    const next = sorted[i + 1];
    if (next?.kind === "page" && next.spec.english === job.spec.english) return;
    const data = dataJobs.get(treatmentKey(job.spec));
    if (data && !placed.has(data)) {
      ordered.push(data);
      placed.add(data);
    }
  });
  return ordered;
}

const treatmentKey = (of: { dataFile: string; slug: string }) => `${of.dataFile}\u0000${of.slug}`;

/**
 * Pages by their English address: a page in the site's languages one after another, so a worker
 * reads a treatment once for all of them (jobs.ts). Other jobs keep their order.
 */
function byPage(a: Job, b: Job): number {
  if (a.kind !== "page" || b.kind !== "page") return 0;
  return a.spec.english < b.spec.english ? -1 : a.spec.english > b.spec.english ? 1 : 0;
}
