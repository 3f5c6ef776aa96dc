/**
 * How a run's findings are printed: for people, a header per place (file:line:column -> pointer)
 * with one indented line per problem and a hint, then a summary; for machines, one JSON object.
 */
import type { Problem } from "./problem";
import type { RunReport } from "./run";
import { plural } from "./words";

/** ANSI styles, or none when colour is off. */
interface Style {
  place: (s: string) => string;
  error: (s: string) => string;
  warning: (s: string) => string;
  hint: (s: string) => string;
}

const ansi = (code: string) => (s: string) => `\u001b[${code}m${s}\u001b[0m`;
const plain: Style = { place: (s) => s, error: (s) => s, warning: (s) => s, hint: (s) => s };
const coloured: Style = { place: ansi("1"), error: ansi("31"), warning: ansi("33"), hint: ansi("2") };

/** The report as terminal text; `colour` adds ANSI colours. Ends with a line break. */
export function formatHuman(report: RunReport, colour = false): string {
  const style = colour ? coloured : plain;
  const blocks: string[] = [];
  for (const group of groupByPlace(report.problems)) {
    const first = group[0];
    const pointer = first.pointer === "" ? "" : ` -> ${first.pointer}`;
    const lines = [style.place(`${first.file}:${first.line}:${first.column}${pointer}`)];
    for (const p of group) lines.push(`  ${style[p.severity](`${p.severity}:`)} ${p.message}`);
    for (const hint of new Set(group.flatMap((p) => (p.hint ? [p.hint] : [])))) {
      lines.push(style.hint(`  hint: ${hint}`));
    }
    blocks.push(lines.join("\n"));
  }
  blocks.push(summaryText(report));
  return `${blocks.join("\n\n")}\n`;
}

/** Consecutive problems at the same place and pointer of one file, which share one header. */
function groupByPlace(problems: readonly Problem[]): Problem[][] {
  const groups: Problem[][] = [];
  for (const p of problems) {
    const last = groups[groups.length - 1]?.[0];
    const samePlace = last && last.file === p.file && last.line === p.line && last.column === p.column;
    if (samePlace && last.pointer === p.pointer) {
      groups[groups.length - 1].push(p);
    } else groups.push([p]);
  }
  return groups;
}

/** "2 errors and 1 warning in 2 of 37 files.", "All 37 files are valid." */
export function summaryText(report: RunReport): string {
  const files = plural(report.files, "file");
  const touched = filesWithProblems(report);
  if (report.errors > 0) {
    const warnings = report.warnings > 0 ? ` and ${plural(report.warnings, "warning")}` : "";
    return `${plural(report.errors, "error")}${warnings} in ${touched} of ${files}.`;
  }
  const all = report.files === 1 ? "The file is valid" : `All ${files} are valid`;
  if (report.warnings === 0) return `${all}.`;
  return `${all}, with ${plural(report.warnings, "warning")} in ${plural(touched, "file")}.`;
}

/** How many files have at least one problem. */
function filesWithProblems(report: RunReport): number {
  return new Set(report.problems.map((p) => p.file)).size;
}

/** The report as one JSON object, for machines: its `errors` are the problems as they are. */
export function formatJson(report: RunReport) {
  return {
    files: report.files,
    errors: report.problems,
    summary: {
      valid: report.errors === 0,
      errors: report.errors,
      warnings: report.warnings,
      filesWithProblems: filesWithProblems(report),
      text: summaryText(report),
    },
  };
}
