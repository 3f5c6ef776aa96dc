/**
 * A spare worktree, so starting a change set does not write the whole project out again. A new
 * worktree checks out every file (at 10,000 treatments, seconds); moving the spare into place and
 * switching it to the new branch rewrites only the files that differ. The spare is made when the
 * workspace opens and comes back when a change set is removed; nothing runs in the background.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { git } from "./git";
import { KeyedLock } from "./lock";

export class SpareWorktree {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly repo: string,
    /** Where the spare waits: a name no change set can have (ids start with a letter or digit). */
    readonly dir: string,
  ) {}

  private get ready(): boolean {
    return existsSync(path.join(this.dir, ".git"));
  }

  /** Makes the spare, at `startPoint`, unless there is one; `prepare` readies a new worktree. */
  fill(startPoint: string, prepare: (dir: string) => Promise<void>): Promise<void> {
    return this.lock.run("spare", async () => {
      if (this.ready) return;
      await git(this.repo, ["worktree", "add", "--quiet", "--detach", this.dir, startPoint]);
      await prepare(this.dir);
    });
  }

  /**
   * A worktree at `dir` on `branch` (made or reset to `startPoint`), from the spare when there is
   * one; returns whether a new worktree must be prepared (true when made from nothing).
   */
  add(dir: string, branch: string, startPoint: string): Promise<boolean> {
    return this.lock.run("spare", async () => {
      if (!this.ready) {
        await git(this.repo, ["worktree", "add", "--quiet", "-B", branch, dir, startPoint]);
        return true;
      }
      await git(this.repo, ["worktree", "move", this.dir, dir]);
      await git(dir, ["checkout", "--quiet", "--force", "-B", branch, startPoint]);
      return false;
    });
  }

  /** Takes a removed change set's worktree as the spare, or removes it when there is one already. */
  recycle(dir: string): Promise<void> {
    return this.lock.run("spare", async () => {
      if (this.ready) {
        await git(this.repo, ["worktree", "remove", "--force", dir]);
        return;
      }
      await git(dir, ["checkout", "--quiet", "--force", "--detach"]);
      // Stray files go; ignored ones (a preview's dist/, the node_modules link) stay for the next use.
      await git(dir, ["clean", "--quiet", "-d", "--force"]);
      await git(this.repo, ["worktree", "move", dir, this.dir]);
    });
  }
}
