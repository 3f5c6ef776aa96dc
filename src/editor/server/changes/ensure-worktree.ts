/**
 * Bringing a change set's worktree to this instance: made from the remote's branch when another
 * instance started the change set, moved forward when another instance saved to it. Call inside
 * the change set's lock (SiteWorkspace.ensure does).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { git } from "./git";
import { headCommit } from "./head";
import type { WorkspaceParts } from "./workspace-parts";

/** What this needs of the workspace beyond its parts; `addWorktree` stays the workspace's own. */
export interface WorktreeHost extends WorkspaceParts {
  headRef(id: string): string;
  commitOf(ref: string): Promise<string | undefined>;
  exists(ref: string): Promise<boolean>;
}

/** The change set's worktree directory, made or moved forward as the remote has it. */
export async function ensureWorktree(
  ws: WorktreeHost,
  id: string,
  addWorktree: (id: string, startPoint: string) => Promise<void>,
): Promise<string> {
  const dir = ws.dir(id);
  if (!existsSync(path.join(dir, ".git"))) {
    if (!(await ws.exists(ws.ref("head", id)))) await ws.fetch();
    if (!(await ws.exists(ws.ref("head", id)))) throw new Error(`There is no change set '${id}'.`);
    await git(ws.repo, ["worktree", "prune"]);
    await addWorktree(id, ws.ref("head", id));
    return dir;
  }
  // Removed by another instance (its branch pruned by a fetch): the worktree here is left over.
  const saved = await ws.commitOf(ws.headRef(id));
  if (saved === undefined) throw new Error(`There is no change set '${id}'.`);
  // Saves of ours on their way: their push replays them on top of another instance's (pushSaved).
  if (ws.pushes.unpushed(id)) return dir;
  const head = await headCommit(dir);
  // Another instance saved to this change set: take its commits (ours, when some are still
  // unpushed, go on top of theirs when they are pushed: pushSaved).
  if (head !== saved && (await ws.isAncestor(head, saved))) await git(dir, ["merge", "--quiet", "--ff-only", saved]);
  return dir;
}
