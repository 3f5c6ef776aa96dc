/**
 * The commit a worktree is at, read from git's files (its HEAD, and the loose ref that names)
 * rather than asked of a git process: a request or a save can look cheaply whether a worktree
 * moved. A ref git keeps packed, or a layout not as expected, is asked of git.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { git, gitText } from "./git";

const commitId = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** A worktree's git folder (its own HEAD and index) and the repository's, which its worktrees share. */
export async function gitDirsOf(dir: string): Promise<{ gitDir: string; commonDir: string }> {
  let gitDir = path.join(dir, ".git");
  // A worktree's .git is a file naming its folder in the repository; a clone's is the folder.
  const pointer = await readFile(gitDir, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EISDIR") return undefined;
    throw error;
  });
  const named = pointer === undefined ? undefined : /^gitdir: (.+)$/m.exec(pointer)?.[1];
  if (named) gitDir = path.resolve(dir, named.trim());
  const commonDir = await readFile(path.join(gitDir, "commondir"), "utf8").then(
    (text) => path.resolve(gitDir, text.trim()),
    () => gitDir,
  );
  return { gitDir, commonDir };
}

export async function headCommit(dir: string): Promise<string> {
  try {
    const { gitDir, commonDir } = await gitDirsOf(dir);
    const head = (await readFile(path.join(gitDir, "HEAD"), "utf8")).trim();
    if (commitId.test(head)) return head;
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    if (ref) {
      const commit = (await readFile(path.join(commonDir, ref), "utf8").catch(() => "")).trim();
      if (commitId.test(commit)) return commit;
    }
  } catch {
    // Not laid out as expected: git says.
  }
  return gitText(dir, ["rev-parse", "HEAD"]);
}

/**
 * The commit a branch or remote-tracking ref of the clone at `repo` names, read from its loose
 * ref file (what a commit or a fetch here writes); a packed or missing one is asked of git
 * (undefined when there is no such ref). A save reads its change set's this way: one git process
 * fewer a save.
 */
export async function refCommit(repo: string, ref: string): Promise<string | undefined> {
  if (/^refs\/(heads|remotes)\/[A-Za-z0-9/_.-]+$/.test(ref) && !ref.includes("..")) {
    const loose = (await readFile(path.join(repo, ".git", ref), "utf8").catch(() => "")).trim();
    if (commitId.test(loose)) return loose;
  }
  const out = await git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { okCodes: [1] });
  return out.code === 0 ? out.stdout.trim() : undefined;
}
