/**
 * The build's check of a config with a few files changed since the last check: the changed files
 * and those their change can reach (their translations, pages sharing a title or description)
 * checked against the site as the last check left it, the way the hosted editor checks a save
 * (src/validation/snapshot.ts), rather than the whole site gone through again with each
 * unchanged file's first pass kept (at 10,000 treatments the model, the checks across pages and
 * the report of 10,000 files were most of a one-change build's check). A change that can reach
 * further (a slug, a route, a name, site.json, a file added or removed) is left to the whole-site
 * check (check-config.ts).
 */
import {
  type Checked,
  type Problem,
  type RunReport,
  readText,
  SiteSnapshot,
  type SnapshotOptions,
  type UnplacedProblem,
} from "../validation";

/** What the last check left: every file's first pass and translation checks, and its report. */
export interface LastCheck {
  /** Each file's first pass, with the stamp of the file it is for: the files the report was made over. */
  validation: Record<string, { stamp: string; checked: Checked }>;
  translationChecks: Record<string, UnplacedProblem[]>;
  report: RunReport;
  /** The day the report was made (YYYY-MM-DD): medical reviews fall due by the day. */
  today: string;
}

/** The check with the change, and what the next check keeps of it. */
export interface ChangesChecked {
  report: RunReport;
  /** The first passes that changed, by file. */
  changed: Map<string, Checked>;
  /** The translation checks to keep: the last check's, with those made again. */
  translationChecks: Record<string, UnplacedProblem[]>;
  /** How many files the change was checked over. */
  across: number;
}

/**
 * The site's report with the files whose stamp changed since `last`, when the change reaches no
 * further than the files it can be checked over; undefined when the whole site must be checked.
 * `stampOf(file)`: the file's stamp as `last.validation` keeps it.
 */
export function checkChanges(
  options: SnapshotOptions,
  files: readonly string[],
  last: LastCheck,
  stampOf: (file: string) => string,
  today: string,
): ChangesChecked | undefined {
  const { validation } = last;
  if (last.today !== today || files.length !== Object.keys(validation).length || files.some((f) => !validation[f]))
    return undefined;
  const changedFiles = files.filter((file) => validation[file].stamp !== stampOf(file));
  if (changedFiles.length === 0)
    return {
      report: { ...last.report, checked: 0 },
      changed: new Map(),
      translationChecks: last.translationChecks,
      across: 0,
    };
  const checked = new Map<string, Checked>();
  for (const file of files) checked.set(file, validation[file].checked);
  const snapshot = new SiteSnapshot(options, {
    files: [...files],
    checked,
    translated: new Map(Object.entries(last.translationChecks)),
    report: last.report,
  });
  const overlay = new Map(changedFiles.map((file) => [file, readText(file)]));
  const delta = snapshot.withinFiles(overlay);
  if (!delta) return undefined;
  const problems = snapshot.allProblems(delta);
  const errors = problems.filter((p) => p.severity === "error").length;
  const translationChecks = { ...last.translationChecks };
  // A changed translation's checks are made in the run but not handed back (it was read as changed
  // text): the next check makes them again rather than take the last check's.
  for (const file of changedFiles) delete translationChecks[file];
  for (const [file, found] of delta.translated) translationChecks[file] = found;
  return {
    report: {
      ...last.report,
      checked: changedFiles.length,
      problems,
      errors,
      warnings: problems.length - errors,
      followOns: problems.reduce((n: number, p: Problem) => n + (p.followOns?.length ?? 0), 0),
      addressed: delta.addressed,
      linked: false,
    },
    changed: delta.firstPasses,
    translationChecks,
    across: delta.files.size,
  };
}
