/**
 * The hosted editor's git operations at 10,000 treatment pages (npm run bench:changes): a
 * temporary copy of the project whose cardiology collection is a folder of 10,000 files,
 * committed as the embedded remote's published branch. Times opening the workspace (the bare
 * remote, the clone, the published worktree, a spare worktree), then per run: starting a change
 * set from the spare worktree and one with a new worktree of the whole project, saving one treatment (commit and push), its review in words, bringing it
 * up to date after another change set was published (a merge by field of the same treatment),
 * and publishing it without the build. Prints medians against targets, and one JSON line.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type Author, buildSteps, type PublishSteps, SiteWorkspace } from "../../src/editor/server/changes";
import { committedSiteCopy } from "./site-copy";
import { median } from "./stats";

const targets = {
  open: 30_000,
  "create (spare)": 1000,
  "create (new)": 5000,
  commit: 500,
  review: 500,
  update: 2000,
  publish: 3000,
};
type Step = keyof typeof targets;

const author: Author = { name: "Bench Editor", email: "bench@hospital.example" };
const noBuild: PublishSteps = {
  check: async () => ({ ok: true }),
  build: async () => ({ ok: true }),
  deploy: async () => ({ ok: true }),
};

async function timed<T>(times: Record<Step, number[]>, step: Step, task: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await task();
  times[step].push(performance.now() - started);
  return result;
}

/** Changes one field of a treatment's file in a worktree. */
function edit(dir: string, file: string, field: "name" | "meta_title", value: string) {
  const target = path.join(dir, file);
  const doc = JSON.parse(readFileSync(target, "utf8")) as Record<string, unknown>;
  doc[field] = value;
  writeFileSync(target, `${JSON.stringify(doc, null, 2)}\n`);
}

/**
 * Publishing a one-treatment change with the project's real publish check and build (after a first
 * build of the published site, untimed): the whole publish, and its check and build steps.
 */
async function realPublish(ws: SiteWorkspace, projectRoot: string, file: string, runs: number) {
  const steps = buildSteps({ projectRoot });
  const times = { publish: [] as number[], check: [] as number[], build: [] as number[] };
  const timedStep =
    <A extends unknown[]>(name: "check" | "build", step: (...args: A) => Promise<{ ok: boolean }>) =>
    async (...args: A) => {
      const started = performance.now();
      const result = await step(...args);
      times[name].push(performance.now() - started);
      return result as Awaited<ReturnType<PublishSteps["check"]>>;
    };
  const timedSteps: PublishSteps = {
    ...steps,
    check: timedStep("check", steps.check),
    build: timedStep("build", steps.build),
  };
  const first = await steps.build(ws.publishedDir(), () => {});
  if (!first.ok) throw new Error(`the first build failed: ${first.message}`);
  for (let run = 0; run < runs; run++) {
    const id = `real-${run}`;
    const dir = await ws.create(id, author, id);
    edit(dir, file, "meta_title", `Real title ${run}`);
    await ws.commit(id, [file], "Title", author);
    const started = performance.now();
    const outcome = await ws.publish(id, author, timedSteps, () => {});
    if (!outcome.ok) throw new Error(`publish failed at ${outcome.step}: ${outcome.message}`);
    times.publish.push(performance.now() - started);
    await ws.remove(id);
  }
  console.log(`Publishing one treatment with the real check and build (${runs} runs):`);
  for (const [name, values] of Object.entries(times))
    console.log(`  ${name.padEnd(15)} ${(median(values) / 1000).toFixed(3).padStart(7)} s`);
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, Math.round(median(values))]));
}

export async function changesBench(count = 10_000, runs = 5, withBuild = false) {
  const copy = committedSiteCopy(count, "folder");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "site-editor-data-"));
  try {
    const folder = "site-config/collections/cardiology-sub-departments";
    const slugs = readdirSync(path.join(copy.root, folder))
      .filter((f) => f.endsWith(".json") && f !== "_collection.json")
      .map((f) => `${folder}/${f}`);
    const times = Object.fromEntries(Object.keys(targets).map((k) => [k, []])) as unknown as Record<Step, number[]>;

    const ws = await timed(times, "open", () => SiteWorkspace.open({ dataDir, projectRoot: copy.root }));
    for (let run = 0; run < runs; run++) {
      const file = slugs[run * 7];
      // Two change sets on the same treatment: "other" is published first, "mine" then merges by field.
      const other = `other-${run}`;
      const mine = `mine-${run}`;
      // The first takes the spare worktree (the last run's removal left it); the second makes its own.
      const dir = await timed(times, "create (spare)", () => ws.create(mine, author, mine));
      await timed(times, "create (new)", () => ws.create(other, author, other));
      edit(ws.dir(other), file, "meta_title", `Title ${run}`);
      await ws.commit(other, [file], "Title", author);
      edit(dir, file, "name", `Name ${run}`);
      await timed(times, "commit", () => ws.commit(mine, [file], "Name", author));
      const review = await timed(times, "review", () => ws.review(mine));
      if (review.length !== 1 || review[0].changes.length !== 1) throw new Error("the review is not the one change");
      if (!(await ws.publish(other, author, noBuild, () => {})).ok) throw new Error("publish failed");
      const updated = await timed(times, "update", () => ws.update(mine, [], author));
      if (!("upToDate" in updated)) throw new Error("the merge by field asked a question");
      const published = await timed(times, "publish", () => ws.publish(mine, author, noBuild, () => {}));
      if (!published.ok) throw new Error(`publish failed: ${published.message}`);
      await ws.remove(mine);
      await ws.remove(other);
    }
    const result: Record<string, { median: number; target: number }> = {};
    console.log(`Hosted editor's git operations at ${count.toLocaleString("en")} treatment pages (${runs} runs):`);
    for (const step of Object.keys(targets) as Step[]) {
      const value = median(times[step]);
      result[step] = { median: Math.round(value), target: targets[step] };
      const verdict = value <= targets[step] ? "ok" : "OVER";
      console.log(
        `  ${step.padEnd(15)} ${(value / 1000).toFixed(3).padStart(7)} s  (target ${targets[step] / 1000} s) ${verdict}`,
      );
    }
    const real = withBuild ? await realPublish(ws, copy.root, slugs[1], runs) : undefined;
    console.log(JSON.stringify({ bench: "editor-changes", count, runs, result, real }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    copy.remove();
  }
}
