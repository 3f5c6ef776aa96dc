/**
 * One validation run. Every file of the site folder is read once: parsed with JSON.parse,
 * checked by its schema's compiled validator, and mined for the site model (check-file.ts).
 * Cross-references, and clashes between pages, are checked once the whole site is known; an error
 * that causes others elsewhere takes them under it (fold.ts). Only files with something to report
 * are parsed a second time, for positions, so a valid site costs little more than reading it.
 *
 * A run reads files through an overlay: text given for a file stands in for the file on disk, so
 * the editor can check a change before it writes it.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { todayIso } from "../shared/clinical-review";
import { installJsdom } from "../shared/html/node-dom";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { type Checked, FileChecker, type Job, type PassOneSettings } from "./check-file";
import { definitionOf, referencedValues } from "./definitions";
import { foldFollowOns } from "./fold";
import { jobsFor, listJsonFiles } from "./list-files";
import { type NamePlace, type Place, pageAddressProblems, placeWords } from "./page-addresses";
import { checkInParallel, type WorkerSettings } from "./parallel";
import { placeholderIn, readPlaceholders } from "./placeholders";
import { byPlace, PositionFinder, placeEach } from "./positions";
import type { Problem, UnplacedProblem } from "./problem";
import { readText } from "./read-text";
import { checkReferences, referenceContext } from "./references";
import { reviewDueProblems } from "./review-checks";
import { addFact, emptyModel, type SiteModel } from "./site-model";
import { translationChecks, translationTarget, untranslatedFileWarnings } from "./translations";
import { unusedImageProblems } from "./unused-images";
import { pageMetaWarnings } from "./warnings";

// The x-html check runs the site's sanitiser, which parses HTML with a DOM: in Node, jsdom's
// (loaded on the first string that needs it). ajv.ts itself stays free of Node: the editor's
// browser app checks with it too, on the browser's own parser.
installJsdom();

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
  const display = (file: string) => displayPath(file, options.shownFrom);
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

  const placed = new Map<UnplacedProblem, Problem>();
  for (const r of validated) {
    const own = r.problems.concat(
      [...folded.values()].flatMap((list) => list.filter((f) => f.file === r.file).map((f) => f.problem)),
    );
    if (own.length === 0) continue;
    const shown = placeEach(own, display(r.file), () => readOrEmpty(read, r.file));
    own.forEach((p, i) => {
      placed.set(p, shown[i]);
    });
  }
  for (const [cause, followOns] of folded) {
    const top = placed.get(cause);
    if (top) top.followOns = followOns.map((f) => placed.get(f.problem) as Problem).sort(byFileAndPlace);
  }
  const problems = validated
    .flatMap((r) => r.problems.map((p) => placed.get(p) as Problem))
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

/** A translation against its English file; on site.json, the files each language lacks. */
function languageChecks(
  file: string,
  schema: string,
  options: RunOptions,
  read: (file: string) => string,
  display: (file: string) => string,
  broken: (file: string) => boolean,
  firstPass: {
    /** Whether an English file holds texts, and whether a translation is a draft, from the first pass. */
    textsIn: (file: string) => boolean | undefined;
    draftIn: (file: string) => boolean | undefined;
    /** Whether a file was in this run and came from the cache (unchanged since its result was kept). */
    unchanged: (file: string) => boolean;
    /** The pointers of an English file's HTML fields, when the first pass validated it. */
    htmlFields: (file: string) => readonly string[] | undefined;
  },
): UnplacedProblem[] {
  const { textsIn, draftIn, unchanged } = firstPass;
  const settings = {
    siteRoot: options.siteRoot,
    read,
    display,
    hasSchemaErrors: broken,
    htmlFields: firstPass.htmlFields,
  };
  if (schema === "site.schema.json") {
    if (path.dirname(file) !== options.siteRoot) return [];
    const siteFiles = (options.keptSite?.files ?? options.jobs.map((j) => j.file)).filter((f) =>
      f.startsWith(options.siteRoot + path.sep),
    );
    return untranslatedFileWarnings(siteFiles, settings, textsIn, draftIn);
  }
  // Kept from the last run while the translation, its English file and site.json are unchanged:
  // a site with 10,000 translated treatments checked each against its English file on every build.
  const { cache } = options;
  const english = translationTarget(options.siteRoot, file)?.english;
  const inputs = [file, english, path.join(options.siteRoot, "site.json")];
  const kept = inputs.every((f) => f !== undefined && unchanged(f)) ? cache?.getTranslation?.(file) : undefined;
  let problems = kept;
  if (!problems) {
    try {
      problems = translationChecks(file, JSON.parse(read(file)), settings);
    } catch {
      problems = [];
    }
  }
  if (!options.overlay?.has(file)) cache?.setTranslation?.(file, problems);
  return problems.map((p) => ({ ...p }));
}

/** A result as kept or as handed out: its own lists, so a run's additions never reach the cache. */
function copyOf(result: Checked, validate: boolean): Checked {
  return { ...result, validate, problems: result.problems.map((p) => ({ ...p })), skip: [...result.skip] };
}

/**
 * The check of how collections are stored, for one run: a collection stored as a file and as a
 * folder, or a folder without its settings file. What collections/ holds is listed once a run
 * (10,000 collection files each asked the disk whether a folder stood beside them).
 */
function storageChecks(siteRoot: string, display: (file: string) => string): (result: Checked) => UnplacedProblem[] {
  const collections = path.join(siteRoot, "collections");
  const reported = new Set<string>();
  let entries: Set<string> | undefined;
  const beside = (name: string) => {
    if (!entries) {
      try {
        entries = new Set(readdirSync(collections));
      } catch {
        entries = new Set();
      }
    }
    return entries.has(name);
  };
  return (result) => {
    if (result.schema === "collection.schema.json" && path.dirname(result.file) === collections) {
      const folder = result.file.replace(/\.json$/, "");
      if (beside(path.basename(folder)))
        return [problem(say.CollectionStoredTwice, "", display(result.file), `${display(folder)}/`)];
    }
    if (result.schema === "treatment-page.schema.json") {
      const folder = path.dirname(result.file);
      if (reported.has(folder) || path.dirname(folder) !== collections) return [];
      reported.add(folder);
      if (!existsSync(path.join(folder, "_collection.json")))
        return [problem(say.MissingCollectionSettings, "", `${display(folder)}/`)];
    }
    return [];
  };
}

/** Checks of a page that need the whole site: a route of its own, and its meta lengths. */
function pageChecks(file: string, model: SiteModel, display: (file: string) => string): UnplacedProblem[] {
  const page = model.pages.find((p) => p.file === file);
  if (!page) return [];
  const problems = pageMetaWarnings(page, model);
  const first = model.pages.find((p) => p.route === page.route);
  if (first && first !== page) problems.push(problem(say.DuplicateRoute, "/route", page.route, display(first.file)));
  return problems;
}

function readOrEmpty(read: (file: string) => string, file: string): string {
  try {
    return read(file);
  } catch {
    return "";
  }
}

/** A path relative to `from` with '/' separators, as messages show it. */
export function displayPath(file: string, from: string): string {
  const relative = path.relative(from, file);
  return (relative === "" ? "." : relative).split(path.sep).join("/");
}
