/**
 * Git through its command line: `execFile` of `git`, never a shell, so no path or message is
 * ever read as shell syntax. Every call runs with a fixed environment: no system or global git
 * config is read (a server without `git config --global` works, and a developer's settings such as
 * hooks, signing or pull strategies cannot change what the editor does), prompts are off (a remote
 * that needs credentials fails instead of hanging), and the committer is the editor service.
 * Commands start from a small process of their own (git-runner.cjs), not the server's.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The committer of every commit the editor makes; authors are the signed-in people. */
export const editorCommitter = { name: "Site editor", email: "editor@localhost" };

/** A git command that failed: its arguments, exit code and what it printed. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | string | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(`git ${args.join(" ")} failed (${code}): ${stderr.trim() || stdout.trim()}`);
    this.name = "GitError";
  }
}

export interface GitOptions {
  /** Extra environment, such as GIT_AUTHOR_NAME for a commit. */
  env?: Record<string, string>;
  /** Text written to the command's standard input. */
  input?: string;
  /** Exit codes that are answers rather than failures (`git diff --quiet` answers 1). */
  okCodes?: number[];
}

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

const baseEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LANG: "C",
  LC_ALL: "C",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  GIT_ASKPASS: "",
  SSH_ASKPASS: "",
  GIT_COMMITTER_NAME: editorCommitter.name,
  GIT_COMMITTER_EMAIL: editorCommitter.email,
  GIT_AUTHOR_NAME: editorCommitter.name,
  GIT_AUTHOR_EMAIL: editorCommitter.email,
  // An SSH remote must not ask whether to trust a host on a terminal nobody is watching.
  GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? "ssh -o BatchMode=yes",
});

/** Settings given on every command line, so they hold whatever config the repositories carry. */
const settings = [
  "-c",
  `user.name=${editorCommitter.name}`,
  "-c",
  `user.email=${editorCommitter.email}`,
  "-c",
  "core.autocrlf=false",
  "-c",
  "core.quotePath=false",
  "-c",
  "commit.gpgSign=false",
  "-c",
  "merge.renames=false",
  "-c",
  "gc.auto=0",
];

/** What the git runner process answers for one command. */
interface RunnerAnswer {
  id: number;
  failed: boolean;
  code: number | string | null;
  stdout: string | Uint8Array;
  stderr: string;
}

let runner: ChildProcess | undefined;
const running = new Map<number, (answer: RunnerAnswer) => void>();
let runs = 0;

/** Idle, the runner does not keep the editor's process alive; a command waiting for it does. */
function holdRunner(child: ChildProcess, hold: boolean) {
  if (hold) child.ref();
  else child.unref();
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (hold) channel?.ref();
  else channel?.unref();
}

/** The process that starts git's processes (git-runner.cjs), started on the first command. */
function gitRunner(): ChildProcess {
  if (runner) return runner;
  const { NODE_OPTIONS: _loader, ...env } = process.env;
  // Buffers cross as they are ("advanced"); no loader or profiler flags: the runner is plain CommonJS.
  const child = fork(fileURLToPath(new URL("./git-runner.cjs", import.meta.url)), [], {
    execArgv: [],
    env,
    serialization: "advanced",
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  child.on("message", (answer: RunnerAnswer) => {
    const done = running.get(answer.id);
    running.delete(answer.id);
    done?.(answer);
  });
  const gone = (reason: unknown) => {
    if (runner !== child) return;
    runner = undefined;
    const message = reason instanceof Error ? reason.message : String(reason);
    for (const [id, done] of running) done({ id, failed: true, code: -1, stdout: "", stderr: message });
    running.clear();
  };
  child.on("error", gone);
  child.on("exit", (code) => gone(`The git runner stopped (code ${code}).`));
  holdRunner(child, false);
  runner = child;
  return child;
}

/** Runs `git <args>` in the runner; `binary`: its output as bytes. */
function runGit(
  cwd: string,
  args: readonly string[],
  options: GitOptions & { binary?: boolean },
): Promise<{ status: number; code: number | string | null; stdout: string | Uint8Array; stderr: string }> {
  return new Promise((resolve) => {
    const id = ++runs;
    const child = gitRunner();
    holdRunner(child, true);
    running.set(id, ({ failed, code, stdout, stderr }) => {
      if (running.size === 0) holdRunner(child, false);
      resolve({ status: failed ? (typeof code === "number" ? code : -1) : 0, code, stdout, stderr });
    });
    child.send({
      id,
      cwd,
      args: [...settings, ...args],
      env: { ...baseEnv(), ...options.env },
      input: options.input,
      binary: options.binary,
    });
  });
}

/** Runs `git <args>` in `cwd`; rejects with a GitError unless it exits 0 (or an ok code). */
export async function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const { status, code, stdout, stderr } = await runGit(cwd, args, options);
  const text = typeof stdout === "string" ? stdout : Buffer.from(stdout).toString("utf8");
  if (status === 0 || options.okCodes?.includes(status)) return { stdout: text, stderr, code: status };
  throw new GitError(args, code ?? status, text, stderr);
}

/** The output of `git <args>` without its final newline. */
export async function gitText(cwd: string, args: readonly string[], options?: GitOptions): Promise<string> {
  return (await git(cwd, args, options)).stdout.replace(/\n$/, "");
}

/** The environment that makes the commit's author the given person. */
export function authorEnv(author: { name: string; email: string }): Record<string, string> {
  return { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email };
}

/** Files that differ between two commits (no rename detection: a move is a removal and an addition). */
export async function changedBetween(repo: string, from: string, to: string): Promise<string[]> {
  const out = await git(repo, ["diff", "--name-only", "--no-renames", "-z", from, to]);
  return out.stdout.split("\0").filter((f) => f !== "");
}

/** A file's text in a commit; undefined when the commit has no such file. */
export async function textAt(repo: string, rev: string, file: string): Promise<string | undefined> {
  const out = await git(repo, ["cat-file", "blob", `${rev}:${file}`], { okCodes: [128] });
  return out.code === 0 ? out.stdout : undefined;
}

/** The output of `git <args>` (given `input`) as bytes; rejects with a GitError unless it exits 0. */
export async function gitBytes(cwd: string, args: readonly string[], input?: string): Promise<Buffer> {
  const { status, code, stdout, stderr } = await runGit(cwd, args, { input, binary: true });
  if (status !== 0) throw new GitError(args, code ?? -1, "", stderr);
  return typeof stdout === "string"
    ? Buffer.from(stdout)
    : Buffer.from(stdout.buffer, stdout.byteOffset, stdout.length);
}

/**
 * Many files' texts in one `git cat-file --batch` ("<rev>:<file>" each; undefined where there is
 * none), so a history of fifty versions costs one process rather than a hundred.
 */
export async function textsAt(repo: string, specs: readonly string[]): Promise<(string | undefined)[]> {
  if (specs.length === 0) return [];
  // A spec holding a newline would be read as two: such a path is never a site file.
  const stdout = await gitBytes(
    repo,
    ["cat-file", "--batch"],
    `${specs.map((s) => s.replace(/\n/g, " ")).join("\n")}\n`,
  );
  // Each answer is "<sha> blob <size>\n<bytes>\n", or "<spec> missing\n" (or "ambiguous").
  const out: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const end = stdout.indexOf(10, at);
    const header = stdout.toString("utf8", at, end);
    at = end + 1;
    const found = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (!found) {
      out.push(undefined);
      continue;
    }
    const size = Number(found[2]);
    // A folder (a tree) is no file's text; its bytes are skipped all the same.
    out.push(found[1] === "blob" ? stdout.toString("utf8", at, at + size) : undefined);
    at += size + 1;
  }
  return out;
}
