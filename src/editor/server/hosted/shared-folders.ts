/**
 * The collection folders of the published commit, read once from git (one `git cat-file --batch`
 * for a folder of 10,000 treatment page files) and shared by every change set: a change set's list
 * is the commit's with the files its worktree changed (collections.ts). What a worktree changed
 * comes from `git diff` of its commits against the commit when its SiteApi is made, and from its
 * saves after.
 */
import path from "node:path";
import { gitText, textsAt } from "../changes/git";
import { headCommit } from "../changes/head";
import { folderItem, type Indexed, type SharedFolders } from "../collections";

export class PublishedFolders {
  private commit: Promise<string> | undefined;
  private readonly folders = new Map<string, Promise<Map<string, Indexed>>>();

  /** `publishedRoot`: the published branch's worktree. */
  constructor(private readonly publishedRoot: string) {}

  /** The published branch moved: its folders are read again when next asked for. */
  refresh() {
    this.commit = undefined;
    this.folders.clear();
  }

  /** The published commit the lists are of. */
  current(): Promise<string> {
    this.commit ??= gitText(this.publishedRoot, ["rev-parse", "HEAD"]);
    return this.commit;
  }

  /** A collection folder's treatment page files at `commit`, by file name. */
  folder(commit: string, collection: string): Promise<Map<string, Indexed>> {
    const key = `${commit}\0${collection}`;
    let known = this.folders.get(key);
    if (!known) {
      known = this.read(commit, collection);
      known.catch(() => this.folders.delete(key));
      this.folders.set(key, known);
    }
    return known;
  }

  private async read(commit: string, collection: string): Promise<Map<string, Indexed>> {
    const folder = path.posix.dirname(collection);
    const listed = await gitText(this.publishedRoot, ["ls-tree", "--name-only", "-z", `${commit}:${folder}`]);
    const names = listed
      .split("\0")
      .filter((name) => name.endsWith(".json") && name !== "_collection.json" && !name.startsWith("."))
      .sort();
    const texts = await textsAt(
      this.publishedRoot,
      names.map((name) => `${commit}:${folder}/${name}`),
    );
    return new Map(names.map((name, i) => [name, folderItem(collection, name, texts[i] ?? "")]));
  }

  /** The shared folders of one worktree (a change set's, or the published one). */
  for(root: string): SharedFolders {
    let commit: string | undefined;
    let changed: Promise<Set<string>> | undefined;
    const written = new Set<string>();
    const sync = async () => {
      const now = await this.current();
      if (now !== commit) {
        commit = now;
        changed = undefined;
      }
      return now;
    };
    return {
      base: async (collection) => this.folder(await sync(), collection),
      changed: async () => {
        const at = await sync();
        changed ??= changedSince(root, at);
        const files = await changed;
        return written.size === 0 ? files : new Set([...files, ...written]);
      },
      wrote: (file) => {
        written.add(file);
      },
    };
  }
}

/**
 * The site files a worktree's commits changed, added or removed since `commit` (editor paths):
 * commits against commits, not a walk of the worktree's 10,000 files (two git processes that
 * took a second or two each when ten change sets started at once). The editor commits every save
 * as it writes it, and tells of what it writes (`wrote`), as the checks' overlay does.
 */
async function changedSince(root: string, commit: string): Promise<Set<string>> {
  const head = await headCommit(root);
  if (head === commit) return new Set();
  const diff = await gitText(root, ["diff", "--name-only", "--no-renames", "-z", commit, head, "--", "site-config"]);
  return new Set(diff.split("\0").filter((f) => f !== ""));
}
