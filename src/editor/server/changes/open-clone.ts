/**
 * Opening the workspace's clone (workspace.ts `open`): cloned on first use, else fetched; the
 * published branch's worktree made or reset; a spare worktree made ready for the next change set;
 * and saves a stopped editor had not pushed sent on their way.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { git } from "./git";
import { cloneInto, unpushedChangeSets } from "./repository";
import type { SpareWorktree } from "./spare";
import type { WorkspaceParts } from "./workspace-parts";

/** Brings the clone at `ws.repo` and its published worktree up to date with `remote`. */
export async function openClone(
  ws: WorkspaceParts,
  remote: string,
  spare: SpareWorktree,
  linkNodeModules: (dir: string) => Promise<void>,
): Promise<void> {
  if (!existsSync(path.join(ws.repo, ".git"))) await cloneInto(remote, ws.repo);
  else await ws.fetch();
  await git(ws.repo, ["worktree", "prune"]);
  const published = ws.publishedDir();
  if (!existsSync(path.join(published, ".git"))) {
    await git(ws.repo, ["worktree", "add", "--quiet", "-B", ws.publishedBranch, published, ws.ref("published")]);
    await linkNodeModules(published);
  } else await ws.locks.run("publish", () => ws.resetPublished());
  await spare.fill(ws.ref("published"), linkNodeModules);
  // Saves a stopped editor had not pushed yet (branches here ahead of the remote's) go now.
  for (const id of await unpushedChangeSets(ws.repo, (a, b) => ws.isAncestor(a, b))) ws.pushes.schedule(id);
}
