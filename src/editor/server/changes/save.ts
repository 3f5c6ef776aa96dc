/**
 * Saving files to a change set (workspace.ts `commitFiles`): the commit is made in this process
 * (commit-writer.ts), or by git where git must make it, on the change set's branch here; its push
 * to the remote is then scheduled. Apart from workspace.ts, which holds the repositories and refs.
 */
import { CommitWriter, commitWithGit, syncIndex } from "./commit-writer";
import { gitText } from "./git";
import { headCommit } from "./head";
import type { Author } from "./types";
import type { WorkspaceParts } from "./workspace-parts";

export class ChangeSetSaves {
  /** Each change set's last commit made here and its tree: the next save compares with it without asking git. */
  private readonly trees = new Map<string, { commit: string; tree: string }>();
  private readonly writer = new CommitWriter();

  constructor(private readonly ws: Pick<WorkspaceParts, "locks" | "pushes" | "ensureUnlocked">) {}

  /** Commits `files` as `author` in the change set's lock; says which commit it was made on too. */
  save(id: string, files: string[], message: string, author: Author): Promise<{ parent: string; commit: string }> {
    return this.ws.locks.run(id, async () => {
      const dir = await this.ws.ensureUnlocked(id);
      const head = await headCommit(dir);
      // No paths would mean every file of the worktree to `git add`: nothing is saved instead.
      if (files.length === 0) return { parent: head, commit: head };
      const kept = this.trees.get(id);
      const headTree = kept?.commit === head ? kept.tree : await gitText(dir, ["rev-parse", `${head}^{tree}`]);
      const save = {
        dir,
        ref: `refs/heads/changes/${id}`,
        head: { commit: head, tree: headTree },
        files,
        message,
        author,
      };
      const written = await this.writer.commit(save).catch(() => undefined);
      const { commit, tree } = written ?? (await commitWithGit(save));
      if (commit === head) return { parent: head, commit: head };
      // The index follows in the change set's queue, after the save has answered.
      if (written) void this.ws.locks.run(id, () => syncIndex(dir, written.indexLines));
      this.trees.set(id, { commit, tree });
      this.ws.pushes.schedule(id);
      return { parent: head, commit };
    });
  }

  /** Forgets a removed change set's last tree. */
  forget(id: string): void {
    this.trees.delete(id);
  }
}
