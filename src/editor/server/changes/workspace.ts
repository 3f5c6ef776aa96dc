/**
 * The site's git workspace: the editor's own clone of the site's repository, never a developer's
 * working tree. Each change set is a branch `changes/<id>` with a worktree of its own under
 * <dataDir>/changes/<id>; the published branch has a worktree at <dataDir>/published, where the
 * live site is built. A save answers once its commit is on the change set's branch here; the
 * branch is then pushed in the background (push-queue.ts), so a second editor instance on the same
 * remote sees the change set after a fetch, a moment later.
 *
 *   <dataDir>/site.git      the embedded default remote (no remote configured): a bare repository
 *                           made once from the project's committed HEAD
 *   <dataDir>/work/         the clone (its own checkout stays empty; HEAD detached)
 *   <dataDir>/published/    worktree of the published branch
 *   <dataDir>/changes/<id>/ worktree of a change set
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { pushReplaying, pushSaved } from "./change-set-push";
import { ensureWorktree } from "./ensure-worktree";
import { changedBetween, git, gitText, textAt } from "./git";
import { refCommit } from "./head";
import { KeyedLock } from "./lock";
import { openClone } from "./open-clone";
import { publishChangeSet } from "./publish";
import { PushQueue, type PushState } from "./push-queue";
import { checkId, checkPath, createEmbedded } from "./repository";
import { ReviewCache } from "./review";
import { ChangeSetSaves } from "./save";
import { SpareWorktree } from "./spare";
import { linkNodeModules } from "./steps";
import type { Author, FileChanges, Pick, Progress, PublishOutcome, PublishSteps, UpdateResult } from "./types";
import { updateChangeSet } from "./update";

export interface WorkspaceOptions {
  /** Where the editor keeps its repositories. */
  dataDir: string;
  /** The site's repository (URL or path); absent: <dataDir>/site.git, made from `projectRoot`. */
  remote?: string;
  /** The project the editor runs from: the embedded remote's first commit, and node_modules for builds. */
  projectRoot: string;
  /** The branch the live site is built from; "main" unless given. */
  publishedBranch?: string;
  /** Pause before a failed push is tried again, in ms (doubling up to a minute); default 2 s. */
  pushRetryMs?: number;
  /** Told of a push that failed (it is retried): the server logs it. */
  onPushFailure?: (id: string, message: string) => void;
}

export class SiteWorkspace {
  /** One queue per change set (its worktree), "refs" for fetch and push, "publish" for publishing. */
  readonly locks = new KeyedLock();
  /** Change sets' saves on their way to the remote. */
  readonly pushes: PushQueue;
  private readonly spare: SpareWorktree;
  private readonly reviews: ReviewCache;
  /** Saves' commits (save.ts). */
  private readonly saves = new ChangeSetSaves(this);

  private constructor(
    readonly dataDir: string,
    readonly remote: string,
    readonly projectRoot: string,
    readonly publishedBranch: string,
    options: { pushRetryMs?: number; onPushFailure?: WorkspaceOptions["onPushFailure"] } = {},
  ) {
    this.reviews = new ReviewCache(path.join(dataDir, "work"));
    this.spare = new SpareWorktree(path.join(dataDir, "work"), path.join(dataDir, "changes", ".spare"));
    this.pushes = new PushQueue((id) => pushSaved(this, id), {
      retryMs: options.pushRetryMs,
      onFailure: options.onPushFailure,
    });
  }

  /** Opens (cloning on first use) the workspace; makes the embedded remote when none is configured. */
  static async open(options: WorkspaceOptions): Promise<SiteWorkspace> {
    const dataDir = path.resolve(options.dataDir);
    const projectRoot = path.resolve(options.projectRoot);
    const branch = options.publishedBranch ?? "main";
    await mkdir(path.join(dataDir, "changes"), { recursive: true });
    const remote = options.remote ?? path.join(dataDir, "site.git");
    if (!options.remote && !existsSync(path.join(remote, "HEAD"))) await createEmbedded(projectRoot, remote, branch);
    const workspace = new SiteWorkspace(dataDir, remote, projectRoot, branch, options);
    await openClone(workspace, remote, workspace.spare, (dir) => workspace.linkNodeModules(dir));
    return workspace;
  }

  /** The clone's directory, where git commands that concern no one worktree run. */
  get repo(): string {
    return path.join(this.dataDir, "work");
  }

  /** Worktree of the published branch (the live site is built there). */
  publishedDir(): string {
    return path.join(this.dataDir, "published");
  }

  /** A change set's worktree root (has site-config/, public/, src/...). */
  dir(id: string): string {
    checkId(id);
    return path.join(this.dataDir, "changes", id);
  }

  /** The commit-ish of the published branch, or a change set's head as the remote has it. */
  ref(which: "published" | "head", id?: string): string {
    if (which === "published") return `refs/remotes/origin/${this.publishedBranch}`;
    return `refs/remotes/origin/changes/${checkId(id ?? "")}`;
  }

  /**
   * A change set's newest commit: its branch here while it has saves still on their way to the
   * remote, else the remote's (which holds what other instances saved too).
   */
  headRef(id: string): string {
    return this.pushes.unpushed(id) ? `refs/heads/changes/${checkId(id)}` : this.ref("head", id);
  }

  /** Whether the change set's saves are all on the remote, and why not when a push failed. */
  pushState(id: string): PushState | undefined {
    return this.pushes.state(id);
  }

  /** Resolves once every save is on the remote (tests wait for it instead of sleeping). */
  idle(): Promise<void> {
    return this.pushes.idle();
  }

  /** Stops retrying failed pushes; unpushed saves stay on their branches and go at the next start. */
  close(): void {
    this.pushes.close();
  }

  /** Fetches the remote: other instances' change sets and publishes become visible. */
  async fetch(): Promise<void> {
    await this.locks.run("refs", () => git(this.repo, ["fetch", "--prune", "--no-tags", "origin"]));
  }

  /** The change sets on the remote, by id. */
  async list(): Promise<string[]> {
    const out = await gitText(this.repo, [
      "for-each-ref",
      "--format=%(refname:strip=4)",
      "refs/remotes/origin/changes/",
    ]);
    return out === "" ? [] : out.split("\n");
  }

  /** Starts a change set: branch changes/<id> from published, its worktree (pushed soon); returns its directory. */
  create(id: string, _author: Author, _title: string): Promise<string> {
    // The title and author live in the editor database; the branch carries only the commits.
    const dir = this.dir(id);
    return this.locks.run(id, async () => {
      await this.fetch();
      if (await this.exists(this.ref("head", id))) return this.ensureUnlocked(id);
      await this.addWorktree(id, this.ref("published"));
      this.pushes.schedule(id);
      return dir;
    });
  }

  /**
   * Commits `files` (paths from the repository root) as `author`; returns the commit once it is on
   * the change set's branch. The push to the remote follows in the background (push-queue.ts).
   */
  async commit(id: string, files: string[], message: string, author: Author): Promise<string> {
    return (await this.commitFiles(id, files, message, author)).commit;
  }

  /**
   * `commit`, saying which commit it was made on too (the same two when nothing changed). The
   * commit is made in this process (commit-writer.ts), or by git where git must make it.
   */
  commitFiles(
    id: string,
    files: string[],
    message: string,
    author: Author,
  ): Promise<{ parent: string; commit: string }> {
    for (const file of files) checkPath(file);
    return this.saves.save(id, files, message, author);
  }

  /** Files the change set changed, compared with where it left the published branch. */
  async changedFiles(id: string): Promise<string[]> {
    return changedBetween(this.repo, await this.base(id), this.headRef(id));
  }

  /** A file's text where the change set started ("base"), on published, or as the change set saved it. */
  async fileAt(ref: "base" | "published" | "head", id: string, file: string): Promise<string | undefined> {
    checkPath(file);
    return textAt(
      this.repo,
      ref === "base" ? await this.base(id) : ref === "head" ? this.headRef(id) : this.ref(ref, id),
      file,
    );
  }

  /** The change set's changes, file by file and field by field, in words (kept per pair of commits). */
  async review(id: string): Promise<FileChanges[]> {
    const [published, head] = (
      await gitText(this.repo, ["rev-parse", `${this.ref("published")}^{commit}`, `${this.headRef(id)}^{commit}`])
    ).split("\n");
    return this.reviews.of(published, head);
  }

  /** Brings the change set up to date with published (see update.ts). */
  update(id: string, picks?: Pick[], author?: Author): Promise<UpdateResult> {
    return this.locks.run(id, () => updateChangeSet(this, id, picks, author));
  }

  /** Publishes the change set (see publish.ts); publishes run one after the other. */
  publish(id: string, author: Author, steps: PublishSteps, progress: (p: Progress) => void): Promise<PublishOutcome> {
    return this.locks.run("publish", () => publishChangeSet(this, id, author, steps, progress));
  }

  /** Removes the change set: its worktree, its branch here and on the remote. */
  async remove(id: string): Promise<void> {
    const dir = this.dir(id);
    // A push under way would put the branch back on the remote after its removal.
    this.pushes.forget(id);
    await this.pushes.settled(id);
    this.pushes.forget(id);
    this.saves.forget(id);
    return this.locks.run(id, async () => {
      if (existsSync(dir)) await this.spare.recycle(dir);
      await git(this.repo, ["branch", "-D", `changes/${id}`], { okCodes: [1] });
      await this.locks.run("refs", () =>
        git(this.repo, ["push", "--quiet", "origin", "--delete", `changes/${id}`], { okCodes: [1] }),
      );
      await git(this.repo, ["update-ref", "-d", this.ref("head", id)]);
    });
  }

  /** Where the change set left the published branch (their merge base). */
  async base(id: string): Promise<string> {
    return gitText(this.repo, ["merge-base", this.ref("published"), this.headRef(id)]);
  }

  /**
   * The change set's worktree, made from the remote's branch when this instance has none (another
   * instance started it), and moved forward to what another instance saved; returns its directory.
   */
  ensure(id: string): Promise<string> {
    checkId(id);
    return this.locks.run(id, () => this.ensureUnlocked(id));
  }

  /** `ensure` for code already inside the change set's lock (commit, update). */
  ensureUnlocked(id: string): Promise<string> {
    return ensureWorktree(this, id, (changeSet, startPoint) => this.addWorktree(changeSet, startPoint));
  }

  /** Pushes a change set; when another instance pushed first, replays ours on top of theirs. */
  pushChangeSet(id: string, dir: string): Promise<void> {
    return pushReplaying(this, id, dir);
  }

  /** Pushes a local branch to the same name on the remote. */
  push(branch: string): Promise<unknown> {
    return this.locks.run("refs", () =>
      git(this.repo, ["push", "--quiet", "origin", `refs/heads/${branch}:refs/heads/${branch}`]),
    );
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return (await git(this.repo, ["merge-base", "--is-ancestor", ancestor, descendant], { okCodes: [1] })).code === 0;
  }

  /** The commit a ref names, or undefined when there is no such ref. */
  commitOf(ref: string): Promise<string | undefined> {
    return refCommit(this.repo, ref);
  }

  async exists(ref: string): Promise<boolean> {
    return (await git(this.repo, ["rev-parse", "--verify", "--quiet", ref], { okCodes: [1] })).code === 0;
  }

  /** Moves the published worktree to the remote's published branch. Call inside the "publish" lock. */
  async resetPublished(): Promise<void> {
    await git(this.publishedDir(), ["reset", "--quiet", "--hard", this.ref("published")]);
  }

  /** The change set's worktree on its branch at `startPoint` (the spare worktree when there is one). */
  private async addWorktree(id: string, startPoint: string): Promise<void> {
    if (await this.spare.add(this.dir(id), `changes/${id}`, startPoint)) await this.linkNodeModules(this.dir(id));
  }

  /** Links the project's node_modules into a worktree, so the project's build runs there. */
  private linkNodeModules(dir: string): Promise<void> {
    return linkNodeModules(dir, this.projectRoot);
  }
}
