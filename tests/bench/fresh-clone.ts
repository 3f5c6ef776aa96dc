/**
 * Issue 28's fresh-clone row of `npm run bench`: the first `npm run build` of a fresh clone with
 * N treatments (10,000: 30,000 pages in three languages), no cache of any kind (no dist/, no
 * build, card, font or bundle cache, no node_modules/.vite: site-copy.ts's `fresh` copy), timed
 * wall to wall, with the build's own lines for each step, so a row over its target says where
 * the time went.
 */
import { siteCopy } from "./site-copy";
import { type TimedBuild, timedBuild } from "./timed-build";

/** The first build of a fresh clone. */
export interface FreshBuild {
  treatments: number;
  wall: number;
  cpu: number;
  /** The build's step lines ("  validate (…)   4.20 s  (cpu 4.10 s)"), in order. */
  steps: string[];
}

/** The target the row is judged on, in wall seconds. */
export const freshTarget = 60;

/** A build's step lines: those with a time and a CPU time, and the cards line. */
export function stepLines(output: string): string[] {
  return output.split("\n").filter((line) => /^ {2,}\S.* s {1,2}\(cpu [\d.]+ s/.test(line) || /cards:/.test(line));
}

/** What the row keeps of a timed first build. */
export const freshBuildOf = (treatments: number, build: TimedBuild): FreshBuild => ({
  treatments,
  wall: build.wall,
  cpu: build.cpu,
  steps: stepLines(build.output),
});

/** Copies the project as a fresh clone with `treatments` treatments, builds it once, and removes it. */
export function freshCloneBuild(treatments: number): FreshBuild {
  const copy = siteCopy(treatments, "folder", undefined, { fresh: true });
  try {
    return freshBuildOf(treatments, timedBuild(copy.root, []));
  } finally {
    copy.remove();
  }
}

/** The row: the wall time against the target, and the steps printed below the table. */
export function freshCloneRow(fresh: FreshBuild | undefined, notMeasured: string) {
  return {
    name: `first npm run build of a fresh clone, 10,000 treatments, no cache of any kind, cards included: at most ${freshTarget} s wall`,
    value: fresh
      ? `${fresh.wall.toFixed(2)} s (cpu ${fresh.cpu.toFixed(1)} s; ${fresh.treatments.toLocaleString("en")} treatments)`
      : notMeasured,
    met: fresh !== undefined && fresh.treatments >= 10_000 && fresh.wall <= freshTarget,
  };
}

/** Prints the fresh build's steps, to see where its time goes. */
export function printFreshSteps(fresh: FreshBuild) {
  console.log(
    `\nFirst build of a fresh clone, ${fresh.treatments.toLocaleString("en")} treatments: ${fresh.wall.toFixed(2)} s wall (cpu ${fresh.cpu.toFixed(1)} s)`,
  );
  for (const line of fresh.steps) console.log(line);
}
