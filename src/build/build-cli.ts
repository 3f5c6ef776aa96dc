/**
 * `npm run build`'s command line (scripts/build.ts): its options, and whether the config check
 * gets a worker thread of its own; the build itself is build.ts.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { BuildError, runBuild } from "./build";

export { serveConfigCheck } from "./check-config";

/**
 * Whether a core is free for the config check's worker thread: the last minute's load average
 * leaves one. On a machine whose cores are all busy the two threads only take turns, and the
 * worker's start (the build's code loaded again) is lost: at 10,000 treatments on two cores at a
 * load average of 13-15, one change, alternating, the command took 13.9 s with the worker against
 * 12.7 s without (medians of 4; CPU 5.3 s against 5.0 s).
 */
const coreFree = () => os.loadavg()[0] + 1 <= os.availableParallelism();

/**
 * `npm run build [-- --force] [--typecheck | --skip-typecheck]`. `workerScript`: the module
 * running this, when it serves the config check as a worker thread (BuildOptions.workerScript),
 * taken when a core is free for it.
 */
export async function main(argv: string[], workerScript?: URL) {
  const { values } = parseArgs({
    args: argv,
    options: {
      force: { type: "boolean", default: false },
      typecheck: { type: "boolean", default: false },
      "skip-typecheck": { type: "boolean", default: false },
      workers: { type: "string" },
    },
  });
  try {
    await runBuild({
      force: values.force,
      typecheck: values["skip-typecheck"] ? false : values.typecheck || undefined,
      workers: values.workers ? Number(values.workers) : undefined,
      workerScript: coreFree() ? workerScript : undefined,
    });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    process.stderr.write(`build: ${error.message}\n`);
    process.exitCode = 1;
  }
}
