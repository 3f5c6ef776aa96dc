/**
 * The build's check of the config: the validator over site-config/, each file unchanged since the
 * last check keeping its first-pass results. Those results are kept in a file of their own
 * (kept-checks.ts, beside the build's state), read and written by the check alone: at 10,000
 * treatments they are most of what the build keeps (27 MB), and the rest of the build never needs
 * them. With them the check keeps its last report, and a change to a few files is checked over
 * the files it can affect (check-changes.ts) where it can be.
 *
 * An incremental build runs the check in a worker thread started from the build's own bundle
 * (scripts/build.ts), while its main thread reads the catalog and lists the pages, which change
 * nothing: on two cores the two take turns no more, and the results' heap is the worker's, not
 * the main thread's (whose garbage collector would otherwise walk it all build long). The worker
 * posts its report first and writes what it keeps after, while the build goes on.
 */
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { todayIso } from "../shared/clinical-review";
import {
  type Checked,
  formatHuman,
  jobsFor,
  keepCompiledValidators,
  listJsonFiles,
  type RunReport,
  runValidation,
  type ValidationCache,
} from "../validation";
import { checkChanges, type LastCheck } from "./check-changes";
import { type FileStamp, InputScanner } from "./inputs";
import { readKept, writeKept } from "./kept-checks";
import { keepReport, keptReport } from "./kept-report";

/** What the check needs: plain data, as it is sent to a worker. */
export interface ConfigCheckInput {
  root: string;
  /** The build's cache folder, where validation.v8 is kept. */
  cache: string;
  /** The code's key (plan/code-change.ts): results kept under another key are not taken. */
  codeKey: string;
  /** Take the kept results of unchanged files (not with --force). */
  reuse: boolean;
  /** Colour the report (the build's output is a terminal). */
  colour: boolean;
  /**
   * The last build's stamps (its state's), where a check without the build's scanner (in a worker
   * thread) starts from: a file whose size and time are unchanged is not read again.
   */
  stamps?: Record<string, FileStamp>;
}

/** What the build is told. */
export interface ConfigCheckResult {
  /** The stamp of each file the check looked at, by path relative to the root. */
  stamps: Record<string, FileStamp>;
  /** The report as the build prints it ('' when it has no problem). */
  text: string;
  errors: number;
  /** Files validated, and how many of them were read and checked again. */
  files: number;
  checked: number;
  /**
   * The files the change was checked over (the changed files and those it can affect), when the
   * check went through those alone against the last check's site; undefined after a whole-site check.
   */
  across?: number;
}

/**
 * Validates the config; `keep` writes what the next check reuses. `buildScanner`: the build's own,
 * when the check runs in its thread: each file is then looked at once, not by the check and
 * again by the catalog (10,000 stats of a one-change build at 10,000 treatments).
 */
export function checkConfig(
  input: ConfigCheckInput,
  buildScanner?: InputScanner,
): { result: ConfigCheckResult; keep: () => void } {
  const { root } = input;
  const read = input.reuse ? readKept(input.cache, input.codeKey) : undefined;
  const before = read?.checks;
  const scanner = buildScanner ?? new InputScanner(root, input.stamps ?? {});
  const siteRoot = path.join(root, "site-config");
  const validation: LastCheck["validation"] = {};
  const translationChecks: LastCheck["translationChecks"] = {};
  const keptValidation = before?.validation ?? {};
  const keptTranslations = before?.translationChecks ?? {};
  // Files under the root, as nearly all are, are named relative to it by cutting the root off
  // (path.relative on each of 10,000 files, twice a build, was a tenth of a one-change build).
  const rootPrefix = path.resolve(root) + path.sep;
  const relativeOf = (file: string) =>
    file.startsWith(rootPrefix) ? file.slice(rootPrefix.length) : path.relative(root, file);
  const stampOf = (file: string) => {
    const relative = relativeOf(file);
    const stamp: FileStamp | undefined = scanner.stamps[relative] ?? statStamp(scanner, relative);
    return stamp ? `${stamp.size}:${stamp.mtimeMs}:${stamp.hash}` : "";
  };
  // A file's first pass also looks for the values placeholders.json declares: a kept result
  // holds only while that file is unchanged too.
  const declared = stampOf(path.join(siteRoot, "placeholders.json"));
  const keys = new Map<string, string>();
  const keyOf = (file: string) => {
    let key = keys.get(file);
    if (key === undefined) {
      key = `${stampOf(file)}|${declared}`;
      keys.set(file, key);
    }
    return key;
  };
  // Treatments made from one template have the same HTML fields (about 30 pointers each): one
  // list shared by all, which V8 writes once and reads back as one (a third of the kept results
  // were these lists, and reading them most of the time it took to read them back).
  const htmlLists = new Map<string, string[]>();
  const shared = (html: string[]) => {
    const key = JSON.stringify(html);
    const list = htmlLists.get(key) ?? html;
    htmlLists.set(key, list);
    return list;
  };
  const validationCache: ValidationCache = {
    get(file) {
      const kept = keptValidation[file];
      return kept && kept.stamp === keyOf(file) ? kept.checked : undefined;
    },
    set(file, checked: Checked) {
      validation[file] = {
        stamp: keyOf(file),
        checked: checked.html ? { ...checked, html: shared(checked.html) } : checked,
      };
    },
    getTranslation: (file) => keptTranslations[file],
    setTranslation(file, problems) {
      translationChecks[file] = problems;
    },
  };
  const options = {
    siteRoot,
    schemasDir: path.join(root, "schemas"),
    publicDir: path.join(root, "public"),
    shownFrom: root,
    // site.json's "production": true makes placeholders and sample entries errors (issue 18).
    publish: "if-production" as const,
  };
  // The schemas' validators as the last run compiled them, when the schemas are the same.
  keepCompiledValidators(root);
  const files = listJsonFiles(siteRoot);
  const today = todayIso();
  const last = before && keptReport(before.report, before.validation, root);
  const changes = before && last && checkChanges(options, files, { ...before, report: last }, keyOf, today);
  let report: RunReport;
  let translations = translationChecks;
  if (changes) {
    report = changes.report;
    translations = changes.translationChecks;
    for (const [file, checked] of changes.changed) validationCache.set(file, checked);
  } else {
    report = runValidation({ ...options, jobs: jobsFor(files, files), cache: validationCache });
  }
  for (const [file, entry] of Object.entries(keptValidation)) {
    if (!validation[file] && entry.stamp === keyOf(file)) validation[file] = entry;
  }
  const result: ConfigCheckResult = {
    stamps: scanner.stamps,
    text: report.problems.length > 0 ? formatHuman(report, { colour: input.colour }).trimEnd() : "",
    errors: report.errors,
    files: report.files,
    checked: report.checked,
    across: changes?.across,
  };
  const keep = () => {
    const checks = {
      codeKey: input.codeKey,
      validation,
      translationChecks: translations,
      report: keepReport(report, validation, root),
      today,
    };
    writeKept(input.cache, checks, read);
  };
  return { result, keep };
}

/**
 * Runs the check: in a worker thread started from `script` (a module that calls
 * serveConfigCheck when it starts as one: the build's bundle), or, without one, here, looking at
 * files through `scanner` (the build's).
 */
export function startConfigCheck(
  input: ConfigCheckInput,
  script: URL | undefined,
  scanner: InputScanner,
): Promise<ConfigCheckResult> {
  if (!script) {
    const { result, keep } = checkConfig(input, scanner);
    keep();
    return Promise.resolve(result);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { configCheck: { ...input, stamps: scanner.previous } } });
    let answered = false;
    worker.once("message", (result: ConfigCheckResult) => {
      answered = true;
      resolve(result);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The config check's thread stopped (exit code ${code}) before it answered.`));
    });
  });
}

/** In a worker thread started by startConfigCheck: runs the check, answers, then keeps its results. */
export function serveConfigCheck(): boolean {
  const input = (workerData as { configCheck?: ConfigCheckInput } | null)?.configCheck;
  if (isMainThread || !parentPort || !input) return false;
  const { result, keep } = checkConfig(input);
  parentPort.postMessage(result);
  keep();
  return true;
}

/** A file's stamp, hashing it if this check has not yet. */
function statStamp(scanner: InputScanner, relative: string): FileStamp | undefined {
  try {
    scanner.hash(relative);
    return scanner.stamps[relative];
  } catch {
    return undefined;
  }
}
