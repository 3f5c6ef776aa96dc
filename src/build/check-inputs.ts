/**
 * The build's checks before it changes anything: the config validated (a file unchanged since the
 * last build keeps its first-pass results) and the code type-checked (when it changed since the
 * check last passed). What fails stops the build with a BuildError, dist/ untouched.
 */
import { BuildError } from "./build-error";
import type { ConfigCheckResult } from "./check-config";
import type { InputScanner } from "./inputs";
import type { BuildClock } from "./timings";
import { type TypecheckResult, typecheck } from "./typecheck";

export interface InputChecks {
  root: string;
  scanner: InputScanner;
  /** The config check's result (check-config.ts), and when it started. */
  config: ConfigCheckResult;
  since: number;
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

/** Reports the config check and type-checks the code (when it changed); throws BuildError for what stops the build. */
export function checkInputs({
  root,
  scanner,
  config,
  since: started,
  log,
  clock,
  firstBuild,
  ...options
}: InputChecks) {
  let since = started;
  // The files the check looked at are this build's inputs too (the explanations name those that changed).
  for (const [file, stamp] of Object.entries(config.stamps)) scanner.stamps[file] ??= stamp;
  if (config.text) log(config.text);
  if (config.errors > 0) throw new BuildError("The config has errors (above); nothing was built.");
  const across = config.across === undefined ? "" : `, ${config.across} checked with the change`;
  clock.step(
    `validate (${config.checked === config.files ? `${config.files} files` : `${config.checked} of ${config.files} files read again${across}`})`,
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
}
