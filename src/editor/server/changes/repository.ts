/**
 * The workspace's repositories as git keeps them (workspace.ts): the embedded remote made from
 * the project, the editor's own clone, the change sets a stopped editor had not pushed, and the
 * names and paths a change set may use.
 */
import { appendFile, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { git, gitText } from "./git";

/** Names a change set can have: they become a branch name and a folder name. */
const idPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

/** The editor's clone of `remote` at `repo`: its own checkout empty, HEAD detached. */
export async function cloneInto(remote: string, repo: string): Promise<void> {
  const temporary = `${repo}.cloning`;
  await rm(temporary, { recursive: true, force: true });
  await git(path.dirname(repo), ["clone", "--quiet", "--no-checkout", "--no-tags", remote, temporary]);
  // The clone's own checkout stays empty with HEAD detached, so every branch is free for a worktree.
  await git(temporary, ["update-ref", "--no-deref", "HEAD", "HEAD"]);
  // Worktrees link the editor's node_modules for builds; the repository's .gitignore names only a folder.
  await appendFile(path.join(temporary, ".git", "info", "exclude"), "/node_modules\n");
  await rename(temporary, repo);
}

/** The change sets whose branch here is ahead of the remote's (saves a stopped editor had not pushed). */
export async function unpushedChangeSets(
  repo: string,
  isAncestor: (ancestor: string, descendant: string) => Promise<boolean>,
): Promise<string[]> {
  const refs = (strip: number, branches: string) =>
    gitText(repo, ["for-each-ref", `--format=%(refname:strip=${strip}) %(objectname)`, branches]);
  const [local, remote] = await Promise.all([refs(3, "refs/heads/changes/"), refs(4, "refs/remotes/origin/changes/")]);
  const pushed = new Map(remote.split("\n").map((line) => line.split(" ") as [string, string]));
  const ahead: string[] = [];
  for (const line of local === "" ? [] : local.split("\n")) {
    const [id, commit] = line.split(" ");
    const theirs = pushed.get(id);
    // A branch the remote no longer has was removed (here or by another instance): not put back.
    if (theirs !== undefined && theirs !== commit && (await isAncestor(theirs, commit))) ahead.push(id);
  }
  return ahead;
}

/** The embedded remote: a bare repository holding the project's committed HEAD as the published branch. */
export async function createEmbedded(projectRoot: string, bare: string, branch: string): Promise<void> {
  const temporary = `${bare}.creating`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  await git(temporary, ["init", "--quiet", "--bare"]);
  // Fetching reads the project's repository and writes nothing in it.
  await git(temporary, ["fetch", "--quiet", "--no-tags", projectRoot, "HEAD"]);
  await git(temporary, ["update-ref", `refs/heads/${branch}`, "FETCH_HEAD"]);
  await git(temporary, ["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
  await rename(temporary, bare);
}

/** `id`, when it can name a change set (a branch and a folder); else a clear error. */
export function checkId(id: string): string {
  if (!idPattern.test(id))
    throw new Error(`'${id}' cannot name a change set: use letters, digits, '-' and '_' (up to 80).`);
  return id;
}

/** Paths are from the repository root and stay inside it. */
export function checkPath(file: string): void {
  if (file === "" || path.isAbsolute(file) || file.split(/[\\/]/).includes("..") || file.startsWith("-"))
    throw new Error(`'${file}' is not a path inside the site's repository.`);
}
