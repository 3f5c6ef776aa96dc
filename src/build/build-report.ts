/**
 * What a build says when it is done (build.ts): for an incremental build, what changed and each
 * piece made again with why; then the pages, pieces and files in one line. The same in numbers
 * for tests and the bench (BuildReport).
 */
import type { BuildState } from "./build-state";
import type { CatalogEntry } from "./catalog";
import { describeChanges, incrementalLines, isCompressedCopy, plural } from "./explanations";
import type { InputScanner } from "./inputs";
import type { Plan } from "./plan/plan";
import { cpuSeconds } from "./timings";

export interface BuildReport {
  full: boolean;
  /** Why the build was full, or what changed for an incremental one. */
  reason: string;
  jobsRun: number;
  jobsReused: number;
  pages: number;
  written: number;
  seconds: number;
}

/** A build's end, as `reportBuild` tells it. */
export interface BuildEnd {
  full: boolean;
  /** Why a full build was full. */
  reason: string;
  before: BuildState | undefined;
  scanner: InputScanner;
  entries: Record<string, CatalogEntry>;
  plan: Plan;
  languages: readonly { code: string; englishName: string }[];
  pages: number;
  written: string[];
  removed: string[];
  /** Files a job wrote with the bytes they had. */
  unchanged: number;
  /** The build's CPU time, and when it started (performance.now()). */
  cpu: NodeJS.CpuUsage;
  started: number;
  log: (line: string) => void;
}

/** Logs what was made and why, and returns it in numbers. */
export function reportBuild(end: BuildEnd): BuildReport {
  const { full, plan, log } = end;
  const reused = plan.pieces - plan.stale.length;
  const changes = full ? "" : describeChanges(end.scanner, end.before as BuildState, end.entries);
  if (!full) {
    log(`Incremental build: ${changes}.`);
    const languageNames = Object.fromEntries(end.languages.map((l) => [l.code, l.englishName]));
    for (const line of incrementalLines(plan.stale, end.before as BuildState, plan.deps, languageNames, end.removed))
      log(line);
  }
  const report: BuildReport = {
    full,
    reason: full ? end.reason : changes,
    jobsRun: plan.stale.length,
    jobsReused: reused,
    pages: end.pages,
    written: end.written.length,
    seconds: (performance.now() - end.started) / 1000,
  };
  const files = end.written.filter((f) => !isCompressedCopy(f)).length;
  log(
    `Built ${plural(end.pages, "page")} in ${report.seconds.toFixed(2)} s (cpu ${cpuSeconds(end.cpu)} s): ${plural(plan.stale.length, "piece")} made (${plural(files, "file")} written, ${plural(end.unchanged, "file")} came out the same), ${plural(reused, "piece")} reused.`,
  );
  return report;
}
