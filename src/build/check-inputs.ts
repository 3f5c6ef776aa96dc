/**
 * The build's checks before it changes anything: the config validated (a file unchanged since the
 * last build keeps its first-pass results) and the code type-checked (when it changed since the
 * check last passed). What fails stops the build with a BuildError, dist/ untouched.
 */
import path from "node:path";
import { type Checked, formatHuman, keepCompiledValidators, type ValidationCache, validateSite } from "../validation";
import { BuildError } from "./build-error";
import type { BuildState } from "./build-state";
import type { FileStamp, InputScanner } from "./inputs";
import type { BuildClock } from "./timings";
import { type TypecheckResult, typecheck } from "./typecheck";

export interface InputChecks {
  root: string;
  scanner: InputScanner;
  before?: BuildState;
  /** The code changed, and so perhaps the validator or the schemas: no kept result is trusted. */
  codeChanged: boolean;
  /** As BuildOptions.typecheck. */
  typecheck?: boolean;
  /**
   * This checkout has never built (no build cache: a fresh clone): the type check is left to
   * `npm test`, CI and the image build, unless asked for (see BuildOptions.typecheck).
   */
  firstBuild?: boolean;
  log: (line: string) => void;
  clock: BuildClock;
}

/** The validator's results to keep for the next build. */
export type CheckResults = Pick<BuildState, "validation"> & Required<Pick<BuildState, "translationChecks">>;

/** Validates the config and type-checks the code (when it changed); throws BuildError for what stops the build. */
export function checkInputs({
  root,
  scanner,
  before,
  codeChanged,
  log,
  clock,
  firstBuild,
  ...options
}: InputChecks): CheckResults {
  // Validation: files unchanged since the last run keep their first-pass results (unless the
  // code, and so the validator or the schemas, changed).
  let since = performance.now();
  const siteRoot = path.join(root, "site-config");
  const validation: BuildState["validation"] = {};
  const translationChecks: CheckResults["translationChecks"] = {};
  const keptValidation = codeChanged ? {} : (before?.validation ?? {});
  const keptTranslations = codeChanged ? {} : (before?.translationChecks ?? {});
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
  // list shared by all, which V8 writes once and reads back as one (a third of the state was these
  // lists, and reading them most of the time it took to read the state).
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
  // The schemas' validators as the last run compiled them, when the schemas are the same.
  keepCompiledValidators(root);
  const report = validateSite({
    siteRoot,
    schemasDir: path.join(root, "schemas"),
    publicDir: path.join(root, "public"),
    shownFrom: root,
    cache: validationCache,
    // site.json's "production": true makes placeholders and sample entries errors (issue 18).
    publish: "if-production",
  });
  for (const [file, entry] of Object.entries(keptValidation)) {
    if (!validation[file] && entry.stamp === keyOf(file)) validation[file] = entry;
  }
  if (report.problems.length > 0)
    log(formatHuman(report, { colour: process.stdout.isTTY === true && !process.env.NO_COLOR }).trimEnd());
  if (report.errors > 0) throw new BuildError("The config has errors (above); nothing was built.");
  clock.step(
    `validate (${report.checked === report.files ? `${report.files} files` : `${report.checked} of ${report.files} files read again`})`,
    since,
  );

  // Type check: only when something it reads changed since it last passed, and not on a
  // checkout's first build: there it was most of a fresh clone's wall time (108 s of 606 s at
  // 10,000 treatments, on a busy 2-core machine), for code a fresh clone has not changed; npm test
  // (so CI) and the image build (Dockerfile) run it before anything is published.
  since = performance.now();
  const skipFirst = firstBuild === true && options.typecheck === undefined;
  const checked: TypecheckResult =
    options.typecheck === false || skipFirst ? { ran: false } : typecheck(root, scanner, options.typecheck === true);
  if (checked.ran) {
    if (!checked.ok) {
      log(checked.output);
      throw new BuildError("The type check failed (above); nothing was built.");
    }
    clock.step("type check", since);
  } else if (options.typecheck === false)
    log("  type check skipped, as asked (npm test, CI and the image build run it)");
  else if (skipFirst)
    log(
      "  type check skipped: the first build of this checkout (npm test, CI and the image build run it; npm run build -- --typecheck runs it here)",
    );
  else log("  type check skipped: no code has changed since it last passed (only site-config/ changed)");
  return { validation, translationChecks };
}

/** A file's stamp, hashing it if this build has not yet. */
function statStamp(scanner: InputScanner, relative: string): FileStamp | undefined {
  try {
    scanner.hash(relative);
    return scanner.stamps[relative];
  } catch {
    return undefined;
  }
}
