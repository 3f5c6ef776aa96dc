/**
 * What a validation run takes and gives (run.ts): the files to go through and how to read them,
 * the results kept between runs, the site kept from a whole-site run, and the report.
 */
import type { Checked, Job, PassOneSettings } from "./check-file";
import type { NamePlace } from "./page-addresses";
import type { WorkerSettings } from "./parallel";
import type { Problem, UnplacedProblem } from "./problem";
import type { SiteModel } from "./site-model";

/** Text to read in place of files on disk, by absolute path. It replaces files; it adds none. */
export type Overlay = ReadonlyMap<string, string>;

/**
 * Results of the first pass kept between runs (the build keeps them on disk, the editor in memory).
 * `get` gives a file's result only when the file is unchanged since it was stored; a file the run
 * reads through the overlay is never looked up. Results depend on the validator and the schemas,
 * so a cache must be dropped when those change.
 */
export interface ValidationCache {
  get(file: string): Checked | undefined;
  set(file: string, checked: Checked): void;
  /**
   * A translation file's checks against its English file, kept with the cache. The run takes them
   * only when neither file nor site.json was read again (each is as it was when they were made),
   * and hands them back each run, so what a cache keeps is never older than its files.
   */
  getTranslation?(file: string): UnplacedProblem[] | undefined;
  setTranslation?(file: string, problems: UnplacedProblem[]): void;
}

/** A whole site folder to validate, as the editor does before it writes a change. */
export interface SiteRunOptions extends PassOneSettings {
  /** Where images are looked up. */
  publicDir: string;
  /** The folder paths are shown relative to (the CLI's working folder). */
  shownFrom: string;
  /** Text to read in place of some files on disk. */
  overlay?: Overlay;
  /** Reads a file's text (read-text.ts by default; a snapshot of the site keeps its texts: snapshot.ts). */
  read?: (file: string) => string;
  /** First-pass results of unchanged files, from earlier runs. */
  cache?: ValidationCache;
  /**
   * Check that the site is ready to publish: declared placeholders and sample entries are then
   * errors, not warnings. "if-production": when site.json's "production" is true (the build).
   */
  publish?: boolean | "if-production";
  /** Today (YYYY-MM-DD), which medical reviews fall due against; default the clock's (UTC). Tests fix it. */
  today?: string;
  /**
   * Share the first pass of many files with worker threads started from this script (parallel.ts):
   * the CLI's. Without it, or when the run reads through an overlay or `read`, one thread checks all.
   */
  workers?: WorkerSettings;
}

export interface RunOptions extends SiteRunOptions {
  /** The files to go through, from `jobsFor` (list-files.ts). */
  jobs: Job[];
  /**
   * The rest of the site, kept from a whole-site run (snapshot.ts), when the jobs are only the
   * files to validate: the run then goes through those files alone, not the whole site.
   */
  keptSite?: KeptSite;
}

/**
 * A site validated whole and kept, for runs over a few of its files whose change leaves every
 * route, slug, name and address as it was (snapshot.ts makes sure): titles and descriptions, and
 * anything within a file, may differ.
 */
export interface KeptSite {
  /** Every file of the site, in a run's order. */
  files: readonly string[];
  /** A file's first pass as kept. */
  checked(file: string): Checked | undefined;
  /** The kept site model with the facts of these files (the run's) in place of the kept ones. */
  model(checked: readonly Checked[]): SiteModel;
  /** The site's routes, which such a change leaves as they are. */
  routes: Set<string>;
  /** The checks across pages for the files `of`, and the other files sharing a value with them (page-address-index.ts). */
  pageAddresses(
    model: SiteModel,
    of: ReadonlySet<string>,
    namePlace: NamePlace,
  ): { found: Map<string, UnplacedProblem[]>; sharing: Set<string> };
  /** `model` with only the treatments of the files `of` (for the checks of their reviews' dates). */
  only(model: SiteModel, of: ReadonlySet<string>): SiteModel;
  /** Every file's first pass, this run's where it has one (asked only when errors are folded). */
  all(checked: readonly Checked[]): readonly Checked[];
}

export interface RunReport {
  /** How many files were validated. */
  files: number;
  /** How many of them were read and checked again (the others' first pass came from the cache). */
  checked: number;
  /**
   * Every problem: errors first, then warnings, each by file in path order, then by place in the
   * file. Follow-on errors are not here but under the problem that causes them.
   */
  problems: Problem[];
  errors: number;
  warnings: number;
  /** How many errors are folded under others as follow-ons. */
  followOns: number;
  /** Whether the run checked that the site is ready to publish. */
  publish: boolean;
  /** The validated files that got problems from the checks across pages (page-addresses.ts), absolute. */
  addressed: string[];
  /**
   * Whether a validated file had a problem that names something missing or explains what is
   * (before folding): problems in one file may then move under a cause in another (fold.ts).
   */
  linked: boolean;
}
