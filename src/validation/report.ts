/**
 * How a run's findings are printed: for people, errors first (a header per place,
 * file:line:column -> pointer, one indented line per problem, a hint, and the follow-on errors
 * it causes elsewhere), then warnings summed up one line per kind (`verbose` prints each), a
 * notice when the site still shows placeholder details, and a summary; for machines, one JSON
 * object with every problem as it is.
 */
import * as say from "./catalogue";
import type { CatalogueEntry } from "./catalogue/entry";
import type { Problem } from "./problem";
import type { RunReport } from "./run";
import { list, plural } from "./words";

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

export interface HumanOptions {
  /** ANSI colours. */
  colour?: boolean;
  /** Every warning and every follow-on in full, rather than one line per kind. */
  verbose?: boolean;
}

/** The report as terminal text. Ends with a line break. */
export function formatHuman(report: RunReport, options: HumanOptions = {}): string {
  const style = options.colour ? coloured : plain;
  const errors = report.problems.filter((p) => p.severity === "error");
  const warnings = report.problems.filter((p) => p.severity === "warning");
  const blocks = placeBlocks(errors, style, options.verbose === true);
  if (options.verbose) blocks.push(...placeBlocks(warnings, style, true));
  else if (warnings.length > 0) {
    const summary = warningSummary(warnings, style);
    if (summary) blocks.push(summary);
  }
  const notice = placeholderNoticeOf(report);
  if (notice) blocks.push(notice);
  if (report.publish && errors.some((p) => say.publishBlockers.has(p.name))) blocks.push(say.publishFooter);
  blocks.push(summaryText(report));
  return `${blocks.join("\n\n")}\n`;
}

/** Problems in full: one block per place, follow-ons under their cause. */
function placeBlocks(problems: readonly Problem[], style: Style, verbose: boolean, indent = ""): string[] {
  const blocks: string[] = [];
  for (const group of groupByPlace(problems)) {
    const first = group[0];
    const pointer = first.pointer === "" ? "" : ` -> ${first.pointer}`;
    const lines = [indent + style.place(`${first.file}:${first.line}:${first.column}${pointer}`)];
    for (const p of group) lines.push(`${indent}  ${style[p.severity](`${p.severity}:`)} ${p.message}`);
    for (const hint of new Set(group.flatMap((p) => (p.hint ? [p.hint] : [])))) {
      lines.push(style.hint(`${indent}  hint: ${hint}`));
    }
    for (const p of group) {
      if (!p.followOns?.length) continue;
      if (verbose) lines.push("", ...placeBlocks(p.followOns, style, true, `${indent}    `).join("\n\n").split("\n"));
      else lines.push(...followOnLines(p, style, indent));
    }
    blocks.push(lines.join("\n"));
  }
  return blocks;
}

/** "follow-on: 3 references to this slug in site-config/x.json (lines 40, 52 and 61)", one line per file. */
function followOnLines(cause: Problem, style: Style, indent: string): string[] {
  const what = cause.pointer.endsWith("/route") ? "route" : "slug";
  const byFile = new Map<string, number[]>();
  for (const f of cause.followOns ?? []) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f.line]);
  const lines = [...byFile].map(([file, at]) => {
    const where = at.length === 1 ? `line ${at[0]}` : `lines ${list(lineRanges(at), "and")}`;
    // A translation's keys follow from a duplicate slug: they are texts, not references.
    const kind = file.includes("/i18n/") && what === "slug" ? "translated text" : "reference";
    const to = kind === "reference" ? ` to this ${what}` : "";
    return `${indent}  ${style.hint("follow-on:")} ${plural(at.length, kind)}${to} in ${file} (${where})`;
  });
  lines.push(style.hint(`${indent}  (npm run validate -- --verbose shows each follow-on in full)`));
  return lines;
}

/** Line numbers with runs of three or more written as ranges: [6, 7, 8, 9, 12] -> ["6–9", "12"]. */
function lineRanges(lines: number[]): string[] {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) out.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) out.push(String(sorted[k]));
    i = j + 1;
  }
  return out;
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

/** Catalogue entries by name, for their one-line summaries. */
type AnyEntry = Pick<CatalogueEntry<never[]>, "name" | "title" | "summary">;
const entries = new Map<string, AnyEntry>(
  (Object.values(say) as unknown[])
    .filter((e): e is AnyEntry => typeof e === "object" && e !== null && "name" in e && "message" in e)
    .map((e) => [e.name, e]),
);

/** Placeholder details are told once, in the notice, while the site is not being published. */
const toldInNotice = (report: RunReport, p: Problem) => !report.publish && say.publishBlockers.has(p.name);

/** One line per kind of warning: how many, and where. */
function warningSummary(warnings: readonly Problem[], style: Style): string {
  const kinds = new Map<string, Problem[]>();
  for (const w of warnings) {
    if (say.publishBlockers.has(w.name)) continue;
    kinds.set(w.name, [...(kinds.get(w.name) ?? []), w]);
  }
  if (kinds.size === 0) return "";
  const lines = ["Warnings, one line per kind (npm run validate -- --verbose shows each):"];
  for (const [name, found] of kinds) {
    const label = style.warning("warning:");
    if (found.length === 1) {
      const [w] = found;
      const pointer = w.pointer === "" ? "" : ` -> ${w.pointer}`;
      lines.push(`  ${label} ${w.file}:${w.line}:${w.column}${pointer}: ${w.message}`);
      continue;
    }
    const entry = entries.get(name);
    const what = entry?.summary?.(found.length) ?? `${found.length} × ${entry?.title ?? name}`;
    const files = new Map<string, number>();
    for (const w of found) files.set(w.file, (files.get(w.file) ?? 0) + 1);
    const named = [...files].map(([file, n]) => (n === 1 ? file : `${file} (${n})`));
    const shown = named.length > 3 ? [...named.slice(0, 3), plural(named.length - 3, "more file")] : named;
    lines.push(`  ${label} ${what}, in ${list(shown, "and")}.`);
  }
  return lines.join("\n");
}

/** The one notice about placeholder details, when the site shows some and is not being published. */
function placeholderNoticeOf(report: RunReport): string | undefined {
  const told = report.problems.filter((p) => toldInNotice(report, p));
  if (told.length === 0) return undefined;
  const values = told.filter((p) => p.name === say.Placeholder.name).length;
  return say.placeholderNotice(values, told.length - values);
}

/** "2 errors and 1 warning in 2 of 37 files.", "All 37 files are valid." */
export function summaryText(report: RunReport): string {
  const files = plural(report.files, "file");
  const { touched, pictures } = filesWithProblems(report);
  // Pictures (an unused one) are not among the config files counted: named on their own.
  const andPictures = pictures > 0 ? ` and ${plural(pictures, "picture")}` : "";
  if (report.errors > 0) {
    const followOns = report.followOns > 0 ? ` (and ${plural(report.followOns, "follow-on error")} under them)` : "";
    const warnings = report.warnings > 0 ? ` and ${plural(report.warnings, "warning")}` : "";
    return `${plural(report.errors, "error")}${followOns}${warnings} in ${touched} of ${files}${andPictures}.`;
  }
  const all = report.files === 1 ? "The file is valid" : `All ${files} are valid`;
  const ready = report.publish ? " and ready to publish" : "";
  if (report.warnings === 0) return `${all}${ready}.`;
  const where = touched > 0 ? `${plural(touched, "file")}${andPictures}` : plural(pictures, "picture");
  return `${all}${ready}, with ${plural(report.warnings, "warning")} in ${where}.`;
}

/** How many config files, and how many pictures, have at least one problem. */
function filesWithProblems(report: RunReport): { touched: number; pictures: number } {
  const files = new Set(report.problems.map((p) => p.file));
  const pictures = [...files].filter((file) => !file.endsWith(".json")).length;
  return { touched: files.size - pictures, pictures };
}

/** The report as one JSON object, for machines: its `errors` are the problems as they are. */
export function formatJson(report: RunReport) {
  return {
    files: report.files,
    errors: report.problems,
    summary: {
      valid: report.errors === 0,
      publish: report.publish,
      errors: report.errors,
      followOns: report.followOns,
      warnings: report.warnings,
      // Files of every kind with a problem: config files and pictures.
      filesWithProblems: new Set(report.problems.map((p) => p.file)).size,
      text: summaryText(report),
    },
  };
}
