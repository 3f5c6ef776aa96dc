/**
 * How a run's findings are printed: for people, a header per place (file:line:column -> pointer)
 * with one indented line per problem and a hint, then a summary; for machines, one JSON object.
 */
import type { PlacedProblem, RunReport } from "./run";
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
  for (const { file, problems } of report.reports) {
    for (const group of groupByPlace(problems)) {
      const first = group[0];
      const pointer = first.pointer === "" ? "" : ` -> ${first.pointer}`;
      const lines = [style.place(`${file}:${first.line}:${first.column}${pointer}`)];
      for (const p of group) lines.push(`  ${style[p.severity](`${p.severity}:`)} ${p.message}`);
      for (const hint of new Set(group.flatMap((p) => (p.hint ? [p.hint] : [])))) {
        lines.push(style.hint(`  hint: ${hint}`));
      }
      blocks.push(lines.join("\n"));
    }
  }
  blocks.push(summaryText(report));
  return `${blocks.join("\n\n")}\n`;
}

/** Consecutive problems at the same place and pointer, which share one header. */
function groupByPlace(problems: PlacedProblem[]): PlacedProblem[][] {
  const groups: PlacedProblem[][] = [];
  for (const p of problems) {
    const last = groups[groups.length - 1]?.[0];
    if (last && last.line === p.line && last.column === p.column && last.pointer === p.pointer) {
      groups[groups.length - 1].push(p);
    } else groups.push([p]);
  }
  return groups;
}

/** "2 errors and 1 warning in 2 of 37 files.", "All 37 files are valid." */
export function summaryText(report: RunReport): string {
  const files = plural(report.files, "file");
  const touched = report.reports.length;
  if (report.errors > 0) {
    const warnings = report.warnings > 0 ? ` and ${plural(report.warnings, "warning")}` : "";
    return `${plural(report.errors, "error")}${warnings} in ${touched} of ${files}.`;
  }
  const all = report.files === 1 ? "The file is valid" : `All ${files} are valid`;
  if (report.warnings === 0) return `${all}.`;
  return `${all}, with ${plural(report.warnings, "warning")} in ${plural(touched, "file")}.`;
}

/** One entry of the JSON output's `errors`. */
export interface JsonProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  name: string;
  message: string;
  hint: string | null;
  severity: "error" | "warning";
}

/** The report as one JSON object, for machines. */
export function formatJson(report: RunReport) {
  const errors: JsonProblem[] = report.reports.flatMap(({ file, problems }) =>
    problems.map((p) => ({
      file,
      line: p.line,
      column: p.column,
      pointer: p.pointer,
      name: p.name,
      message: p.message,
      hint: p.hint ?? null,
      severity: p.severity,
    })),
  );
  return {
    files: report.files,
    errors,
    summary: {
      valid: report.errors === 0,
      errors: report.errors,
      warnings: report.warnings,
      filesWithProblems: report.reports.length,
      text: summaryText(report),
    },
  };
}
