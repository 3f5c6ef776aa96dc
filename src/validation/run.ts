/**
 * One validation run. Every file of the site folder is read once: parsed with JSON.parse,
 * checked by its schema's compiled validator, and mined for the site model (check-file.ts).
 * Cross-references are checked once the whole site is known. Only files with something to report
 * are parsed a second time, for positions, so a valid site costs little more than reading it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import * as say from "./catalogue";
import { FileChecker, type Job, type PassOneSettings } from "./check-file";
import { PositionFinder } from "./positions";
import { type Problem, problem } from "./problem";
import { checkReferences, referenceContext } from "./references";
import { addFact, emptyModel, type SiteModel } from "./site-model";
import { pageMetaWarnings } from "./warnings";

export interface RunOptions extends PassOneSettings {
  /** The files to go through, from `jobsFor` (list-files.ts). */
  jobs: Job[];
  /** Where images are looked up. */
  publicDir: string;
  /** The folder paths are shown relative to. */
  cwd: string;
}

/** A problem with its place in the file. */
export interface PlacedProblem extends Problem {
  line: number;
  column: number;
}

export interface FileReport {
  /** The file as shown, relative to the working folder, with '/' separators. */
  file: string;
  problems: PlacedProblem[];
}

export interface RunReport {
  /** How many files were validated. */
  files: number;
  /** Files with problems, in path order. */
  reports: FileReport[];
  errors: number;
  warnings: number;
}

/** Validates the files and returns what was found, grouped by file. */
export function runValidation(options: RunOptions): RunReport {
  const checker = new FileChecker(options);
  const checked = options.jobs.map((job) => checker.check(job));
  const model = emptyModel();
  for (const result of checked) if (result.fact) addFact(model, result.fact);

  const validated = checked.filter((r) => r.validate);
  const display = (file: string) => displayPath(file, options.cwd);
  const context = referenceContext(model, options.siteRoot, options.publicDir, display);
  for (const result of validated) {
    if (result.refs.length > 0) {
      const referring = { dataFile: result.dataFile, skip: new Set(result.skip) };
      result.problems.push(...checkReferences(result.refs, context, referring));
    }
    if (result.schema === "page.schema.json") result.problems.push(...pageChecks(result.file, model, display));
  }

  const reports = validated
    .filter((r) => r.problems.length > 0)
    .map((r) => ({ file: display(r.file), problems: place(r.file, r.problems) }));
  const all = reports.flatMap((r) => r.problems);
  const errors = all.filter((p) => p.severity === "error").length;
  return { files: validated.length, reports, errors, warnings: all.length - errors };
}

/** Checks of a page that need the whole site: a route of its own, and its meta lengths. */
function pageChecks(file: string, model: SiteModel, display: (file: string) => string): Problem[] {
  const page = model.pages.find((p) => p.file === file);
  if (!page) return [];
  const problems = pageMetaWarnings(page, model);
  const first = model.pages.find((p) => p.route === page.route);
  if (first && first !== page) problems.push(problem(say.DuplicateRoute, "/route", page.route, display(first.file)));
  return problems;
}

/** Gives problems their line and column, reading the file's text again, and sorts them. */
function place(file: string, problems: Problem[]): PlacedProblem[] {
  let finder: PositionFinder | undefined;
  const placed = problems.map((p) => {
    if (p.line !== undefined && p.column !== undefined) return { ...p, line: p.line, column: p.column };
    finder ??= new PositionFinder(readText(file));
    return { ...p, ...finder.of(p.pointer, p.at) };
  });
  return placed.sort((a, b) => a.line - b.line || a.column - b.column);
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** A path relative to `cwd` with '/' separators, as messages show it. */
export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return (relative === "" ? "." : relative).split(path.sep).join("/");
}
