/**
 * Bringing a change set up to date with the published branch: a merge commit on the change set.
 * Files only one side changed are taken as they are (git's merge); a file both sides changed is
 * merged field by field (merge.ts) and written in published's layout, so its diff stays small.
 * When a field changed differently on both sides, nothing is written: the conflicts go back to
 * the person, who answers with picks.
 */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { printJson } from "../../shared/json-format";
import { shown } from "./describe";
import { authorEnv, changedBetween, git, gitText, textAt } from "./git";
import { mergeJson } from "./merge";
import type { Author, FieldConflict, Pick, UpdateResult } from "./types";
import type { WorkspaceParts } from "./workspace-parts";

/** A file's merged text (undefined: removed), or the conflicts that stop it. */
type Merged = { file: string; text?: string; take?: "ours" | "theirs"; conflicts: FieldConflict[]; decided?: string[] };

/** Call inside the change set's lock (SiteWorkspace.update does). */
export async function updateChangeSet(
  ws: WorkspaceParts,
  id: string,
  picks: Pick[] = [],
  author?: Author,
): Promise<UpdateResult> {
  await ws.fetch();
  const dir = await ws.ensureUnlocked(id);
  const published = await gitText(ws.repo, ["rev-parse", ws.ref("published")]);
  const head = await gitText(dir, ["rev-parse", "HEAD"]);
  if (await ws.isAncestor(published, head)) return { upToDate: true };
  const unsaved = await gitText(dir, ["status", "--porcelain", "--untracked-files=no"]);
  if (unsaved !== "")
    throw new Error(`Change set '${id}' has changes that are not saved yet; save them before bringing it up to date.`);

  // A change set with nothing of its own yet simply moves forward to published.
  if (await ws.isAncestor(head, published)) {
    await git(dir, ["merge", "--quiet", "--ff-only", published]);
    await ws.pushChangeSet(id, dir);
    return { upToDate: true };
  }
  const base = await gitText(ws.repo, ["merge-base", head, published]);
  const ours = await changedBetween(ws.repo, base, head);
  const theirs = new Set(await changedBetween(ws.repo, base, published));
  const both = ours.filter((file) => theirs.has(file));
  const merged = await Promise.all(both.map((file) => mergeFile(ws.repo, file, [base, head, published], picks)));
  const conflicts = merged.flatMap((m) => m.conflicts);
  if (conflicts.length > 0) return { conflicts };

  await git(dir, ["merge", "--quiet", "--no-ff", "--no-commit", published], { okCodes: [1] });
  for (const { file, text, take } of merged) {
    const target = path.join(dir, file);
    // A whole file taken from one side comes from git as it is (an image's bytes stay bytes).
    if (take) {
      const taken = await git(dir, ["checkout", take === "ours" ? "HEAD" : "MERGE_HEAD", "--", file], { okCodes: [1] });
      if (taken.code !== 0) await rm(target, { force: true });
    } else if (text === undefined) await rm(target, { force: true });
    else await writeFile(target, text);
  }
  if (merged.length > 0) await git(dir, ["add", "-A", "--", ...merged.map((m) => m.file)]);
  const unmerged = await gitText(dir, ["diff", "--name-only", "--diff-filter=U"]);
  if (unmerged !== "") {
    await git(dir, ["merge", "--abort"]);
    throw new Error(`These files could not be brought up to date: ${unmerged.split("\n").join(", ")}.`);
  }
  const subject =
    both.length > 0
      ? `Brought up to date with the published site (merged by field: ${both.length} ${both.length === 1 ? "file" : "files"})`
      : "Brought up to date with the published site";
  // What a person decided is written in the commit, so the value not kept can always be found.
  const decisions = merged.flatMap((m) => m.decided ?? []);
  const message = decisions.length > 0 ? `${subject}\n\n${decisions.join("\n")}` : subject;
  await git(dir, ["commit", "--quiet", "--no-verify", "-m", message], { env: author ? authorEnv(author) : {} });
  await ws.pushChangeSet(id, dir);
  return { upToDate: true };
}

function parse(text: string | undefined): { ok: boolean; value: unknown } {
  if (text === undefined) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: text };
  }
}

/** Merges one file both sides changed: by field when all three versions are JSON, else whole. */
async function mergeFile(repo: string, file: string, revs: string[], picks: Pick[]): Promise<Merged> {
  const [baseText, oursText, theirsText] = await Promise.all(revs.map((rev) => textAt(repo, rev, file)));
  if (oursText === theirsText) return { file, take: "ours", conflicts: [] };
  const docs = [baseText, oursText, theirsText].map(parse);
  if (file.endsWith(".json") && docs.every((d) => d.ok)) {
    const [base, ours, theirs] = docs.map((d) => d.value);
    const { merged, conflicts, decided } = mergeJson(file, base, ours, theirs, picks);
    const text = merged === undefined ? undefined : printJson(merged, theirsText ?? oursText);
    return { file, text, conflicts, decided: decided.map(decision) };
  }
  // An image or a file that is not JSON: one side's version or the other's.
  const take = picks.find((p) => p.file === file && p.pointer === "")?.take;
  if (take)
    return {
      file,
      take,
      conflicts: [],
      decided: [`${file}: kept ${take === "ours" ? "this change set's" : "the published"} version`],
    };
  const conflict: FieldConflict = {
    file,
    pointer: "",
    label: "The whole file",
    ours: shownFile(oursText),
    theirs: shownFile(theirsText),
    base: shownFile(baseText),
  };
  return { file, conflicts: [conflict] };
}

/** "Content › Main heading: kept 'Tara's heading' (the published site had 'Alice's heading')". */
function decision(c: FieldConflict & { take: Pick["take"] }): string {
  const [kept, other] = c.take === "ours" ? [c.ours, c.theirs] : [c.theirs, c.ours];
  const otherSide = c.take === "ours" ? "the published site" : "this change set";
  return `${c.file} › ${c.label}: kept ${shown(kept)} (${otherSide} had ${shown(other)})`;
}

/** A whole file's version as a person can compare it: its text, or its size when it is not text. */
function shownFile(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return /[\0\uFFFD]/.test(text) ? `a file of ${Buffer.byteLength(text).toLocaleString("en")} bytes` : text;
}
