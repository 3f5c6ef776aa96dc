/**
 * `npm run build` in a copy of the project, timed: the benchmarks' one way to run the real build
 * (end-to-end.ts, fresh-clone.ts).
 */
import { spawnSync } from "node:child_process";

/** A build's wall seconds, the CPU seconds it says it used, and what it printed. */
export interface TimedBuild {
  wall: number;
  cpu: number;
  output: string;
}

/**
 * Runs `npm run build` with `args` in `root`; returns its wall time in seconds, the CPU time the
 * build says it used and its output (throws when it fails).
 */
export function timedBuild(root: string, args: string[], env: NodeJS.ProcessEnv = {}): TimedBuild {
  const start = performance.now();
  const result = spawnSync("npm", ["run", "--silent", "build", "--", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = (performance.now() - start) / 1000;
  if (result.status !== 0)
    throw new Error(`npm run build ${args.join(" ")} failed in ${root}:\n${result.stdout}${result.stderr}`);
  const cpu = /^Built .* \(cpu ([\d.]+) s\)/m.exec(result.stdout)?.[1];
  return { wall, cpu: cpu === undefined ? Number.NaN : Number(cpu), output: result.stdout };
}
