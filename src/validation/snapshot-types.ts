/** What a site snapshot (snapshot.ts) is made of and what it answers with a change. */
import type { Checked } from "./check-file";
import type { Problem, UnplacedProblem } from "./problem";
import type { RunReport, SiteRunOptions } from "./run";

export type SnapshotOptions = Omit<SiteRunOptions, "overlay" | "cache" | "read">;

/**
 * What a whole-site run left, kept elsewhere (the build keeps it on disk, check-config.ts): a
 * snapshot made of it runs nothing when it is made, and holds no file's text.
 */
export interface KeptRun {
  /** Every file of the site, in a run's order. */
  files: string[];
  /** Each file's first pass. */
  checked: Map<string, Checked>;
  /** Each translation file's checks against its English file. */
  translated: Map<string, UnplacedProblem[]>;
  report: RunReport;
}

/** The problems of the site with some files changed. */
export interface SiteDelta {
  /**
   * The files (as shown: "site-config/pages/home.json") whose problems were found anew;
   * undefined when every file's were (a whole-site run). Any other file's are the snapshot's.
   */
  files: ReadonlySet<string> | undefined;
  /** The problems of those files (of every file, after a whole-site run), in a report's order. */
  problems: Problem[];
}

/** A change checked over the files it can affect alone, and what the check found anew. */
export interface FilesDelta extends SiteDelta {
  files: ReadonlySet<string>;
  /** The site's files that get problems from the checks across pages, with the change (RunReport.addressed). */
  addressed: string[];
  /** The changed files' first passes. */
  firstPasses: Map<string, Checked>;
  /** The checks against their English file of the translations checked again. */
  translated: Map<string, UnplacedProblem[]>;
}
