/**
 * A change set's saves on their way to the remote (the push queue's work, push-queue.ts): its
 * branch pushed, and when another editor instance pushed to it first, ours replayed on top of
 * theirs (a rebase of the change set's worktree, in its lock) and pushed again.
 */
import { GitError, git } from "./git";
import type { WorkspaceParts } from "./workspace-parts";

/** What pushing a change set uses of the workspace. */
export type PushParts = Pick<WorkspaceParts, "locks" | "ref" | "fetch" | "push" | "dir"> & {
  exists(ref: string): Promise<boolean>;
};

/** Pushes a change set; when another instance pushed first, replays ours on top of theirs. */
export async function pushReplaying(ws: PushParts, id: string, dir: string): Promise<void> {
  try {
    await ws.push(`changes/${id}`);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    await ws.fetch();
    const rebased = await git(dir, ["rebase", "--quiet", ws.ref("head", id)], { okCodes: [1] });
    if (rebased.code !== 0) {
      await git(dir, ["rebase", "--abort"]);
      throw new Error(
        `Change set '${id}' was saved elsewhere at the same time and the two saves changed the same lines; reload it and save again.`,
      );
    }
    await ws.push(`changes/${id}`);
  }
}

/**
 * The push queue's work for one change set: its branch to the remote, replayed on top of what
 * another instance pushed first (in the change set's lock, as it moves the worktree).
 */
export async function pushSaved(ws: PushParts, id: string): Promise<void> {
  const branch = `changes/${id}`;
  // Removed meanwhile: nothing to push.
  if (!(await ws.exists(`refs/heads/${branch}`))) return;
  try {
    await ws.push(branch);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    await ws.locks.run(id, async () => {
      if (await ws.exists(`refs/heads/${branch}`)) await pushReplaying(ws, id, ws.dir(id));
    });
  }
}
