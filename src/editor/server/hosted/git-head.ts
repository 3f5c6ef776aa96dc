import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const commitId = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The commit a checkout is at (the editor app is built once per published commit). */
export async function headOf(dir: string): Promise<string> {
  const { stdout } = await run("git", ["rev-parse", "HEAD"], { cwd: dir });
  return stdout.trim();
}

/**
 * `headOf` from git's files (HEAD, and the loose ref it names) rather than a git process, so a
 * request can ask cheaply whether a worktree moved; a ref git keeps packed is asked of git.
 */
export async function headCommit(dir: string): Promise<string> {
  try {
    let gitDir = path.join(dir, ".git");
    // A worktree's .git is a file naming its folder in the repository; a clone's is the folder.
    const pointer = await readFile(gitDir, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EISDIR") return undefined;
      throw error;
    });
    const named = pointer === undefined ? undefined : /^gitdir: (.+)$/m.exec(pointer)?.[1];
    if (named) gitDir = path.resolve(dir, named.trim());
    const head = (await readFile(path.join(gitDir, "HEAD"), "utf8")).trim();
    if (commitId.test(head)) return head;
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    if (ref) {
      const common = await readFile(path.join(gitDir, "commondir"), "utf8").then(
        (text) => path.resolve(gitDir, text.trim()),
        () => gitDir,
      );
      const commit = (await readFile(path.join(common, ref), "utf8").catch(() => "")).trim();
      if (commitId.test(commit)) return commit;
    }
  } catch {
    // Not laid out as expected: git says.
  }
  return headOf(dir);
}
