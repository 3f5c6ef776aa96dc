/**
 * One SiteApi per change set, over the change set's own git worktree, made when first asked for;
 * and the published branch's, read-only, for people who have not chosen a change set yet. Their
 * checks run in the checks' worker thread, against one snapshot of the published site
 * (check-thread.ts), when one is given.
 */
import path from "node:path";
import type { SiteWorkspace } from "../changes";
import { git } from "../changes/git";
import { headCommit } from "../changes/head";
import type { CheckThread } from "../check-thread";
import { ConfigStore } from "../config-store";
import { CommitAnswers, keepsAnswers } from "../kept-answers";
import { SiteApi } from "../site-api";
import type { PublishedFolders } from "./shared-folders";

/** The published branch's key among the sites (no change set id holds a NUL). */
const published = "\0published";

export class ChangeSites {
  private readonly sites = new Map<string, SiteApi>();
  /** The file list and choices by commit: change sets started from one commit read the site once. */
  private readonly answers = new CommitAnswers();

  constructor(
    private readonly workspace: SiteWorkspace,
    private readonly checks?: CheckThread,
    private readonly folders?: PublishedFolders,
  ) {}

  private make(root: string, warm: boolean): SiteApi {
    const siteRoot = path.join(root, "site-config");
    return new SiteApi({
      // The published site's lists are read at start; a change set's are the published commit's and its own few files.
      warm,
      store: new ConfigStore(siteRoot),
      check: this.checks?.checker(root),
      folders: this.folders?.for(root),
      checkSetup: { projectRoot: root, siteRoot, publicDir: path.join(root, "public") },
      // Every change to a worktree is committed (or written by its SiteApi): lists are kept per commit.
      version: () => headCommit(root),
      sharedAnswers: this.answers,
      // A save is committed at once and pushed: git keeps it, not the worktree's file.
      flushWrites: false,
      carries: async (from, to) => {
        const changed = (await git(root, ["diff", "--no-renames", "--name-status", "-z", from, to])).stdout.split("\0");
        for (let i = 0; i + 1 < changed.length; i += 2)
          if (changed[i] !== "M" || !keepsAnswers(changed[i + 1])) return false;
        return true;
      },
    });
  }

  private kept(key: string, root: () => string): SiteApi {
    let site = this.sites.get(key);
    if (!site) {
      site = this.make(root(), key === published);
      this.sites.set(key, site);
    }
    return site;
  }

  /** The change set's site (its worktree, made from the remote's branch when this instance has none). */
  async of(id: string): Promise<SiteApi> {
    if (!this.sites.has(id)) await this.workspace.ensure(id);
    return this.kept(id, () => this.workspace.dir(id));
  }

  /** The published branch's site. */
  published(): SiteApi {
    return this.kept(published, () => this.workspace.publishedDir());
  }

  /** Forgets a change set's site (published or withdrawn), and the published one's caches. */
  forget(id: string) {
    this.sites.delete(id);
    this.sites.delete(published);
    void this.checks?.forget(this.workspace.dir(id)).catch(() => undefined);
    void this.checks?.forget(this.workspace.publishedDir()).catch(() => undefined);
  }
}
