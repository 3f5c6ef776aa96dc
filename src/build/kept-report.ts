/**
 * The config check's report as the build keeps it (validation.v8, check-config.ts). Most of a
 * large site's problems are first-pass problems (a placeholder in each of 10,000 treatments),
 * whose full sentences the file's kept first pass holds already: such a problem is kept as its
 * place and which of the first pass's problems it is, not its sentences a second time (8 MB of 36
 * at 10,000 treatments), and the report can be written without the first passes it refers to.
 */
import path from "node:path";
import type { Checked, Problem, RunReport, UnplacedProblem } from "../validation";

/** A problem as kept: whole, or its place and the first-pass problem of its file (by index) it was placed from. */
type KeptProblem = Problem | { from: number; file: string; line: number; column: number };

/** The kept first passes by file. */
type FirstPasses = Record<string, { checked: Checked } | undefined>;

export interface KeptReport extends Omit<RunReport, "problems"> {
  problems: KeptProblem[];
}

const sameWords = (a: UnplacedProblem, b: Problem) =>
  a.pointer === b.pointer &&
  a.name === b.name &&
  a.message === b.message &&
  a.hint === b.hint &&
  a.severity === b.severity &&
  !b.followOns;

/**
 * The problems keptReport made of kept ones, each with its kept form and the first pass it was
 * made from: kept again as they were, while their file keeps that first pass (a one-change build
 * keeps 10,000 problems of the last report; finding each among its file's first-pass problems
 * again cost 60 ms of one at 10,000 treatments).
 */
const madeFrom = new WeakMap<Problem, { kept: KeptProblem; checked: Checked }>();

/** `report` to keep beside `validation` (the first passes kept with it); `root`: the folder its files are shown from. */
export function keepReport(report: RunReport, validation: FirstPasses, root: string): KeptReport {
  const fileOf = absolute(root);
  const problems = report.problems.map((p): KeptProblem => {
    const made = madeFrom.get(p);
    if (made && validation[fileOf(p.file)]?.checked === made.checked) return made.kept;
    const from = validation[fileOf(p.file)]?.checked.problems.findIndex((u) => sameWords(u, p)) ?? -1;
    return from >= 0 ? { from, file: p.file, line: p.line, column: p.column } : p;
  });
  return { ...report, problems };
}

/** The report `keepReport` kept, with the first passes it was kept with; undefined when one is missing. */
export function keptReport(kept: KeptReport, validation: FirstPasses, root: string): RunReport | undefined {
  const fileOf = absolute(root);
  const problems: Problem[] = [];
  for (const p of kept.problems) {
    if (!("from" in p)) {
      problems.push(p);
      continue;
    }
    const { from, file, line, column } = p;
    const checked = validation[fileOf(file)]?.checked;
    const first = checked?.problems[from];
    if (!checked || !first) return undefined;
    const { pointer, name, message, hint, severity } = first;
    const problem: Problem = { file, line, column, pointer, name, message, hint, severity };
    madeFrom.set(problem, { kept: p, checked });
    problems.push(problem);
  }
  return { ...kept, problems };
}

/**
 * A file as shown ("site-config/pages/home.json", relative to `root`) as the first passes are kept
 * (absolute): `root` joined once, not for each of 10,000 problems.
 */
function absolute(root: string): (shown: string) => string {
  const prefix = path.resolve(root) + path.sep;
  return path.sep === "/" ? (shown) => prefix + shown : (shown) => path.join(prefix, shown);
}
