import path from "node:path";
import { todayIso } from "../shared/clinical-review";
import { installJsdom } from "../shared/html/node-dom";
import * as say from "./catalogue";
import { type Checked, FileChecker, type Job } from "./check-file";
import { definitionOf, referencedValues } from "./definitions";
import { languageChecks, pageChecks, storageChecks } from "./file-site-checks";
import { foldFollowOns } from "./fold";
import { jobsFor, listJsonFiles } from "./list-files";
import { addTo, type Place, pageAddressProblems, placeWords } from "./page-addresses";
import { checkInParallel } from "./parallel";
import { placeholderIn, readPlaceholders } from "./placeholders";
import { byPlace, PositionFinder, placeEach } from "./positions";
import type { Problem, UnplacedProblem } from "./problem";
import { readText } from "./read-text";
import { checkReferences, referenceContext } from "./references";
import { reviewDueProblems } from "./review-checks";
import type { RunOptions, RunReport, SiteRunOptions } from "./run-types";
import { addFact, emptyModel } from "./site-model";
import { unusedImageProblems } from "./unused-images";

export type { KeptSite, Overlay, RunOptions, RunReport, SiteRunOptions, ValidationCache } from "./run-types";

// The x-html check runs the site's sanitiser, which parses HTML with a DOM: in Node, jsdom's
// (loaded on the first string that needs it). ajv.ts itself stays free of Node: the editor's
// browser app checks with it too, on the browser's own parser.
installJsdom();

/** Validates the files and returns what was found. */
export function runValidation(options: RunOptions): RunReport {
  const readFile = options.read ?? readText;
  const fromDisk = (file: string) => options.overlay?.get(file) ?? readFile(file);
  /**
   * The texts of large files whose first pass found problems, kept for placing them: read again,
   * a 50 MB collection file with thousands of placeholders cost a second read and copy of it.
   * (Small files are read again: keeping thousands of them would cost more memory than reading.)
   */
  const texts = new Map<string, string>();
  const read = (file: string) => texts.get(file) ?? fromDisk(file);
  let lastRead: { file: string; text: string } | undefined;
  const readForCheck = (file: string) => {
    const text = read(file);
    lastRead = { file, text };
    return text;
  };
  const placeholders = readPlaceholders(options.siteRoot, read);
  // Whether files hold texts is asked by site.json's check, or by a later run through the cache.
  const siteFile = path.join(options.siteRoot, "site.json");
  const textsAsked = options.cache !== undefined || options.jobs.some((job) => job.validate && job.file === siteFile);
  const settings = { ...options, texts: options.texts ?? textsAsked };
  const checker = new FileChecker(settings, readForCheck, { placeholders });
  const { cache, overlay } = options;
  /** Files read and checked in this run (the others' first pass came from the cache). */
  const freshFiles = new Set<string>();
  const kept = options.jobs.map((job) => {
    const known = cache && !overlay?.has(job.file) ? cache.get(job.file) : undefined;
    // A file read only for the model is never changed by the run: its kept result serves as it is.
    // A result kept from a run that did not validate the file has no schema check in it.
    if (known && !job.validate) return known.validate ? { ...known, validate: false } : known;
    return known?.validate ? copyOf(known, true) : undefined;
  });
  const checkHere = (job: Job) => {
    const result = checker.check(job);
    if (result.problems.length > 0 && lastRead?.file === job.file && lastRead.text.length > keptTextLength)
      texts.set(job.file, lastRead.text);
    lastRead = undefined;
    return result;
  };
  const toCheck = options.jobs.filter((_, i) => kept[i] === undefined);
  // Workers read the files on disk: a run that reads some other way checks every file here.
  const shared =
    options.workers && !options.read && !overlay?.size
      ? checkInParallel(toCheck, options.workers, settings, placeholders, checkHere)
      : undefined;
  const fresh = shared ?? toCheck.map(checkHere);
  for (const result of fresh) {
    freshFiles.add(result.file);
    if (cache && !overlay?.has(result.file)) cache.set(result.file, copyOf(result, result.validate));
  }
  let taken = 0;
  const checked = kept.map((result) => result ?? fresh[taken++]);
  const { keptSite } = options;
  const model = keptSite ? keptSite.model(checked) : emptyModel();
  if (!keptSite) for (const result of checked) if (result.fact) addFact(model, result.fact);

  const validated = checked.filter((r) => r.validate);
  const display = displayFrom(options.shownFrom);
  const storage = storageChecks(options.siteRoot, display);
  for (const result of validated) result.problems.push(...storage(result));
  const isPlaceholder = (value: string) => placeholderIn(value, placeholders) !== undefined;
  const context = referenceContext(
    model,
    options.siteRoot,
    options.publicDir,
    display,
    isPlaceholder,
    keptSite?.routes,
  );
  const checkedByFile = new Map(checked.map((r) => [r.file, r]));
  const firstPassOf = (file: string) => checkedByFile.get(file) ?? keptSite?.checked(file);
  // English files that break their schema (their texts may be missing for that reason alone).
  const broken = (file: string) => (firstPassOf(file)?.skip.length ?? 0) > 0;
  const textsIn = (file: string) => firstPassOf(file)?.hasTexts;
  const draftIn = (file: string) => firstPassOf(file)?.draft;
  const htmlFields = (file: string) => firstPassOf(file)?.html;
  for (const result of validated) {
    if (result.refs.length > 0) {
      const referring = { dataFile: result.dataFile, skip: new Set(result.skip) };
      result.problems.push(...checkReferences(result.refs, context, referring));
    }
    if (result.schema === "page.schema.json") result.problems.push(...pageChecks(result.file, model, display));
    if (result.schema === "translation.schema.json" || result.schema === "site.schema.json") {
      const unchanged = (file: string) => firstPassOf(file) !== undefined && !freshFiles.has(file);
      result.problems.push(
        ...languageChecks(result.file, result.schema, options, read, display, broken, {
          textsIn,
          draftIn,
          unchanged,
          htmlFields,
        }),
      );
    }
  }

  // Other files are parsed for positions only to name "the other page" of a clash.
  const finders = new Map<string, PositionFinder>();
  const lineOf = ({ file, pointer }: Place) => {
    const finder = finders.get(file) ?? new PositionFinder(readOrEmpty(read, file));
    finders.set(file, finder);
    return `${display(file)}:${finder.of(pointer).line}`;
  };
  const byFile = new Map(validated.map((r) => [r.file, r]));
  const schemaError = (file: string, pointer: string) => byFile.get(file)?.skip.includes(pointer) === true;
  const addressed: string[] = [];
  // A run that checks some files only looks for what those files' pages share.
  const some = keptSite || validated.length < checked.length ? new Set(byFile.keys()) : undefined;
  const namePlace = (place: Place, name: string | undefined) => placeWords(name, lineOf(place));
  const across =
    keptSite && some
      ? keptSite.pageAddresses(model, some, namePlace)
      : { found: pageAddressProblems(model, namePlace, schemaError, some), sharing: undefined };
  for (const [file, found] of across.found) {
    addressed.push(file);
    byFile.get(file)?.problems.push(...found);
  }
  for (const file of across.sharing ?? []) if (!across.found.has(file)) addressed.push(file);
  const linked = validated.some((r) => r.problems.some((p) => p.missing !== undefined || p.explains !== undefined));

  // Only the validated files' problems are reported: a run over some files looks at theirs alone.
  const reviewed = keptSite && some ? keptSite.only(model, some) : model;
  for (const [file, found] of reviewDueProblems(reviewed, options.today ?? todayIso(), some))
    byFile.get(file)?.problems.push(...found);

  const folded = foldFollowOns(
    validated,
    (missing) => definitionOf(missing, model, context.routes),
    referencedValues(keptSite ? () => keptSite.all(checked) : checked),
  );
  const publish = options.publish === true || (options.publish === "if-production" && model.production === true);
  if (publish)
    for (const r of validated)
      for (const p of r.problems)
        if (say.publishBlockers.has(p.name) || say.publishRefusals.has(p.name)) p.severity = "error";

  // Each file's follow-ons are placed with its own problems, as they stand in the file.
  const followOnsIn = new Map<string, UnplacedProblem[]>();
  for (const list of folded.values()) for (const f of list) addTo(followOnsIn, f.file, f.problem);
  // Placed problems by their unplaced selves: only folding asks (a run without follow-ons keeps none).
  const placed = new Map<UnplacedProblem, Problem>();
  const shownProblems: Problem[] = [];
  for (const r of validated) {
    const extra = followOnsIn.get(r.file);
    const own = extra ? r.problems.concat(extra) : r.problems;
    if (own.length === 0) continue;
    const shown = placeEach(own, display(r.file), () => readOrEmpty(read, r.file));
    for (let i = 0; i < r.problems.length; i++) shownProblems.push(shown[i]);
    if (folded.size > 0) for (let i = 0; i < own.length; i++) placed.set(own[i], shown[i]);
  }
  for (const [cause, followOns] of folded) {
    const top = placed.get(cause);
    if (top) top.followOns = followOns.map((f) => placed.get(f.problem) as Problem).sort(byFileAndPlace);
  }
  const problems = shownProblems
    // A run over some files of a kept site knows too few uses to say a picture has none.
    .concat(keptSite ? [] : unusedImageProblems(checked, context))
    .sort(compareProblems);
  const errors = problems.filter((p) => p.severity === "error").length;
  const followOns = problems.reduce((n, p) => n + (p.followOns?.length ?? 0), 0);
  return {
    files: validated.length,
    checked: freshFiles.size,
    problems,
    errors,
    warnings: problems.length - errors,
    followOns,
    publish,
    addressed,
    linked,
  };
}

/** Texts longer than this (characters) are kept between a file's first pass and placing its problems. */
const keptTextLength = 1_000_000;

const severityRank = { error: 0, warning: 1 } as const;

/** Errors first, then warnings, each by file in path order and place in the file: a report's order. */
export function compareProblems(a: Problem, b: Problem): number {
  return severityRank[a.severity] - severityRank[b.severity] || byFileAndPlace(a, b);
}

/** Files in path order (as the run reads them), then places within a file. */
function byFileAndPlace(a: Problem, b: Problem): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : byPlace(a, b);
}

/** Validates every .json file of the site folder, as `npm run validate` with no paths does. */
export function validateSite(options: SiteRunOptions): RunReport {
  const files = listJsonFiles(options.siteRoot);
  return runValidation({ ...options, jobs: jobsFor(files, files) });
}

/** A result as kept or as handed out: its own lists, so a run's additions never reach the cache. */
function copyOf(result: Checked, validate: boolean): Checked {
  return { ...result, validate, problems: result.problems.map((p) => ({ ...p })), skip: [...result.skip] };
}

function readOrEmpty(read: (file: string) => string, file: string): string {
  try {
    return read(file);
  } catch {
    return "";
  }
}

/**
 * displayPath from one folder, each folder's path worked out once: a large run shows thousands of
 * files of a few folders (path.relative resolves both paths each time it is asked).
 */
function displayFrom(from: string): (file: string) => string {
  const folders = new Map<string, string>();
  return (file) => {
    const name = path.basename(file);
    // Only a plain absolute path is shown by its folder: anything else (the folder itself, '..'
    // at its end) is left to path.relative.
    if (file === from || !path.isAbsolute(file) || name === "" || name === "." || name === "..")
      return displayPath(file, from);
    const folder = path.dirname(file);
    let shown = folders.get(folder);
    if (shown === undefined) {
      shown = displayPath(folder, from);
      folders.set(folder, shown);
    }
    return shown === "." ? name : `${shown}/${name}`;
  };
}

/** A path relative to `from` with '/' separators, as messages show it. */
export function displayPath(file: string, from: string): string {
  const relative = path.relative(from, file);
  return (relative === "" ? "." : relative).split(path.sep).join("/");
}
