/**
 * History at 1,000 commits (npm run bench:history): a temporary repository whose cardiology
 * collection file (the real one, 78 KB) has `commits` commits, each changing one of its five treatments
 * (made with `git fast-import`, untimed). Times, per run: the first page of the file's history
 * (20 versions, each described field by field), a deep page (the last 20), the first page of one
 * treatment's history (every fifth commit is its own), and one version's text. Prints
 * medians against targets, and one JSON line.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { history, versionText } from "../../src/editor/server/changes";
import { median } from "./stats";

const file = "site-config/collections/cardiology-sub-departments.json";
const targets = { "first page": 1000, "deep page": 1500, "treatment page": 2000, version: 300 };
type Step = keyof typeof targets;
/** The fast-import stream: `commits` commits of the collection file, each changing one treatment's title. */
function stream(commits: number): Buffer {
  const doc = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../..", file), "utf8"));
  const parts: Buffer[] = [];
  const data = (text: string) => {
    const bytes = Buffer.from(text);
    parts.push(Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from("\n"));
  };
  for (let i = 0; i < commits; i++) {
    doc.sub_departments[i % 5].meta_title = `Title ${i}`;
    const when = 1_790_000_000 + i * 3600;
    parts.push(
      Buffer.from(`commit refs/heads/main\nauthor Editor ${i % 3} <e${i % 3}@hospital.example> ${when} +0000\n`),
    );
    parts.push(Buffer.from(`committer Site editor <editor@localhost> ${when} +0000\n`));
    data(`Cardiology treatments: change ${i}`);
    parts.push(Buffer.from(`M 100644 inline ${file}\n`));
    data(`${JSON.stringify(doc, null, 2)}\n`);
  }
  return Buffer.concat(parts);
}

export async function historyBench(commits: number, runs: number): Promise<void> {
  const repo = await mkdtemp(path.join(os.tmpdir(), "bench-history-"));
  try {
    execFileSync("git", ["init", "--quiet", "--initial-branch=main", repo]);
    execFileSync("git", ["fast-import", "--quiet"], { cwd: repo, input: stream(commits) });
    const doc = JSON.parse(execFileSync("git", ["show", `main:${file}`], { cwd: repo, encoding: "utf8" }));
    const slug = doc.sub_departments[3].slug as string;
    const times: Record<Step, number[]> = { "first page": [], "deep page": [], "treatment page": [], version: [] };
    const timed = async <T>(step: Step, task: () => Promise<T>) => {
      const started = performance.now();
      const result = await task();
      times[step].push(performance.now() - started);
      return result;
    };
    for (let run = 0; run < runs; run++) {
      const first = await timed("first page", () => history(repo, "main", { file }));
      await timed("deep page", () => history(repo, "main", { file }, { skip: commits - 20 }));
      const own = await timed("treatment page", () => history(repo, "main", { file, slug }));
      await timed("version", () => versionText(repo, first.versions[19].commit, { file, slug }));
      if (first.versions.length !== 20 || own.versions.length !== 20)
        throw new Error(`expected pages of 20 versions, got ${first.versions.length} and ${own.versions.length}`);
    }
    console.log(`History of a collection file with ${commits.toLocaleString("en")} commits, medians of ${runs} runs:`);
    const result: Record<string, number> = {};
    for (const step of Object.keys(targets) as Step[]) {
      const ms = median(times[step]);
      result[step] = Math.round(ms);
      const verdict = ms <= targets[step] ? "ok" : "OVER";
      console.log(`  ${step.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms  (target ${targets[step]} ms) ${verdict}`);
    }
    console.log(JSON.stringify({ bench: "editor-history", commits, runs, ms: result }));
  } finally {
    await rm(repo, { recursive: true, force: true });
  }
}
