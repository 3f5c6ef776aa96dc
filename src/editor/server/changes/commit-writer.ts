/**
 * A save's commit made in the editor's process: the saved files' blobs, the trees on their paths
 * and the commit written as git objects (objects.ts), the branch moved as `git update-ref` moves
 * it (a lock file, the old value checked, the reflog appended). With ten people saving at 10,000
 * treatments, `git add`, `write-tree`, `commit-tree` and `update-ref` each read (and `add` writes)
 * the worktree's index of 10,000 files: hundreds of milliseconds a save on a busy machine.
 *
 * The worktree's index is brought to the commit afterwards (`indexLines`, written by one
 * `git update-index` in the change set's queue, after the save has answered): whatever runs in
 * that worktree next (a save git makes, an update, a push's rebase) finds it as git would have
 * left it. What git would treat in a way of its own is left to git (`undefined` is answered): a
 * file added (ignore rules), anything but a plain or executable file, attributes that filter
 * content, a name git would clean up, a branch kept packed.
 */
import { existsSync } from "node:fs";
import { appendFile, lstat, open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { authorEnv, editorCommitter, git, gitText } from "./git";
import { gitDirsOf } from "./head";
import { editTree, ObjectStore, type TreeEdit } from "./objects";

/**
 * A save's commit: `files` (paths from the worktree's root) of the worktree `dir`, whose branch
 * `ref` (as "refs/heads/...") is at `head`, by `author` with `message`.
 */
export interface CommitRequest {
  dir: string;
  ref: string;
  head: { commit: string; tree: string };
  files: readonly string[];
  message: string;
  author: { name: string; email: string };
}

/** What a commit made here changed in the worktree's index, as `git update-index --index-info` reads it. */
export interface WrittenCommit {
  commit: string;
  tree: string;
  indexLines: string;
}

/** A name or email git writes as given: nothing it would strip at the ends or drop inside. */
const plainIdent = /^[^\0-\x20.,:;<>"\\'][^<>\n]*(?<![\0-\x20.,:;<>"\\'])$/;

/** Git's time of a commit: seconds and the local offset ("+0530"). */
function gitTime(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const abs = Math.abs(offset);
  const zone = `${offset < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
  return `${Math.floor(now.getTime() / 1000)} ${zone}`;
}

/** Whether attributes may apply to the files (a .gitattributes in one of their folders): git then adds them. */
function filtered(dir: string, files: readonly string[]): boolean {
  const folders = new Set([""]);
  for (const file of files) {
    const parts = file.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  return [...folders].some((folder) => existsSync(path.join(dir, folder, ".gitattributes")));
}

/** A new version of one file of the commit: its blob's mode and id, or undefined when it was removed. */
type FileChange = { mode: string; id: string } | undefined;

export class CommitWriter {
  private readonly stores = new Map<string, ObjectStore>();

  /** Makes the commit (the head itself when nothing changed); undefined when git must make it. */
  async commit(save: CommitRequest): Promise<WrittenCommit | undefined> {
    const { dir, ref, head, files, message, author } = save;
    if (message === "" || !plainIdent.test(author.name) || !plainIdent.test(author.email)) return undefined;
    const { gitDir, commonDir } = await gitDirsOf(dir);
    const refFile = path.join(commonDir, ref);
    if ((await readFile(refFile, "utf8").catch(() => "")).trim() !== head.commit) return undefined;
    if (filtered(dir, files) || existsSync(path.join(commonDir, "info", "attributes"))) return undefined;
    const store = this.storeOf(commonDir, dir);
    const changes = await this.blobs(store, dir, files);
    if (!changes) return undefined;
    const tree = await this.trees(store, head.tree, changes);
    if (tree === undefined) return undefined;
    const indexLines = [...changes]
      .map(([file, change]) => `${change ? `${change.mode} ${change.id}` : `0 ${"0".repeat(40)}`}\t${file}\n`)
      .join("");
    if (tree === head.tree) return { commit: head.commit, tree, indexLines };
    const time = gitTime(new Date());
    const committer = `${editorCommitter.name} <${editorCommitter.email}> ${time}`;
    const body = [
      `tree ${tree}`,
      `parent ${head.commit}`,
      `author ${author.name} <${author.email}> ${time}`,
      `committer ${committer}`,
      "",
      message.endsWith("\n") ? message : `${message}\n`,
    ].join("\n");
    const commit = await store.write("commit", Buffer.from(body, "utf8"));
    if (!(await moveRef(refFile, head.commit, commit))) return undefined;
    // As update-ref -m logs it: the branch's reflog, and HEAD's of the worktree on that branch.
    const line = `${head.commit} ${commit} ${committer}\tcommit: a save\n`;
    for (const log of [path.join(commonDir, "logs", ref), path.join(gitDir, "logs", "HEAD")])
      if (existsSync(log)) await appendFile(log, line).catch(() => undefined);
    return { commit, tree, indexLines };
  }

  private storeOf(commonDir: string, dir: string): ObjectStore {
    let store = this.stores.get(commonDir);
    if (!store) {
      store = new ObjectStore(commonDir, dir);
      this.stores.set(commonDir, store);
    }
    return store;
  }

  /** Each file's blob written (or its removal); undefined when one is not a plain or executable file. */
  private async blobs(store: ObjectStore, dir: string, files: readonly string[]) {
    const changes = new Map<string, FileChange>();
    for (const file of new Set(files)) {
      const absolute = path.join(dir, file);
      const stats = await lstat(absolute).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      if (stats && !stats.isFile()) return undefined;
      changes.set(
        file,
        stats && {
          mode: stats.mode & 0o100 ? "100755" : "100644",
          id: await store.write("blob", await readFile(absolute)),
        },
      );
    }
    return changes;
  }

  /**
   * The root tree with the changes made, written folder by folder from the deepest; undefined when
   * a change is no change of a file the tree has (an addition, a folder, a link).
   */
  private async trees(store: ObjectStore, root: string, changes: Map<string, FileChange>) {
    const folderOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "");
    const folders = new Set<string>();
    for (const file of changes.keys())
      for (let folder = folderOf(file); ; folder = folderOf(folder)) {
        folders.add(folder);
        if (folder === "") break;
      }
    const bodies = await store.treesAt(root, [...folders]);
    // Deepest first: a folder's new id is known before its parent is written.
    const depth = (folder: string) => (folder === "" ? 0 : folder.split("/").length);
    const order = [...folders].sort((a, b) => depth(b) - depth(a));
    const written = new Map<string, Buffer | undefined>();
    for (const folder of order) {
      const body = bodies.get(folder);
      if (!body) return undefined;
      const name = (p: string) => p.slice(p.lastIndexOf("/") + 1);
      const edits = new Map<string, TreeEdit>();
      for (const [file, change] of changes)
        if (folderOf(file) === folder)
          edits.set(name(file), {
            folder: false,
            to: change && { mode: change.mode, id: Buffer.from(change.id, "hex") },
          });
      for (const [sub, id] of written)
        if (sub !== "" && folderOf(sub) === folder)
          edits.set(name(sub), { folder: true, to: id && { mode: "40000", id } });
      const edited = editTree(body, edits);
      if (!edited) return undefined;
      // A folder left empty is no tree (as git writes it): its parent drops it.
      written.set(
        folder,
        edited.length === 0 && folder !== "" ? undefined : Buffer.from(await store.write("tree", edited), "hex"),
      );
    }
    return written.get("")?.toString("hex");
  }
}

/**
 * Moves a loose ref from `from` to `to` as git does: `<ref>.lock` made exclusively, the old value
 * checked under it, then renamed over the ref. False when the ref is locked or moved meanwhile.
 */
async function moveRef(refFile: string, from: string, to: string): Promise<boolean> {
  const lock = `${refFile}.lock`;
  const handle = await open(lock, "wx").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EEXIST") return undefined;
    throw error;
  });
  if (!handle) return false;
  try {
    try {
      await handle.writeFile(`${to}\n`);
    } finally {
      await handle.close();
    }
    if ((await readFile(refFile, "utf8").catch(() => "")).trim() !== from) {
      await unlink(lock);
      return false;
    }
    await rename(lock, refFile);
    return true;
  } catch (error) {
    await unlink(lock).catch(() => undefined);
    throw error;
  }
}

/**
 * The same commit made by git, from the worktree's index (git commit would first look at every
 * file of the worktree: a tenth of a second at 10,000 treatments); no empty commit is made.
 */
export async function commitWithGit(save: CommitRequest): Promise<{ commit: string; tree: string }> {
  const { dir, ref, head, files, message, author } = save;
  await git(dir, ["add", "-A", "--", ...files]);
  const tree = await gitText(dir, ["write-tree"]);
  if (tree === head.tree) return { commit: head.commit, tree };
  const commit = await gitText(dir, ["commit-tree", tree, "-p", head.commit, "-m", message], {
    env: authorEnv(author),
  });
  await git(dir, ["update-ref", "-m", "commit: a save", ref, commit, head.commit]);
  return { commit, tree };
}

/** Brings the worktree's index to a commit made here (its `indexLines`); failing that, all of it to HEAD. */
export async function syncIndex(dir: string, indexLines: string): Promise<void> {
  try {
    await git(dir, ["update-index", "--index-info"], { input: indexLines });
  } catch {
    await git(dir, ["reset", "--quiet"]).catch(() => undefined);
  }
}
