/**
 * The real publish steps: the publish check (`node scripts/validate.mjs --publish-if-production`)
 * and the site build (`node scripts/build.mjs`) run as child processes in a worktree of the site,
 * whose log lines become the progress bar's steps; and a configurable deploy: a command
 * (EDITOR_DEPLOY_COMMAND, run without a shell in the published worktree with DIST_DIR set) or an
 * address POSTed to (EDITOR_DEPLOY_URL).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import path from "node:path";
import type { Progress, PublishSteps, StepResult } from "./types";

/** The build's steps in the order it logs them (src/build/build.ts), for the progress bar. */
export const buildStepNames = [
  "inputs",
  "validate",
  "type check",
  "client build, server bundle (vite)",
  "images",
  "fonts",
  "list pages",
  "pages and data",
  "whole data files, sitemap, clean-up",
] as const;

/**
 * A build log line as progress, when it reports a step finished: "  fonts (3 languages)   0.21 s
 * (cpu 0.20 s)" is step 6 of 10; the closing "Built 10,021 pages in 4.2 s ..." completes it.
 */
export function parseBuildLine(line: string): Omit<Progress, "step"> | undefined {
  const total = buildStepNames.length + 1;
  if (/^Built [\d,]+ pages? in /.test(line)) return { done: total, total, message: line.trim() };
  const skipped = /^ {2}type check skipped/.test(line);
  const step = / {2}(\S.*?)\s+\d+(?:\.\d+)? s {2}\(cpu /.exec(line)?.[1];
  const name = skipped ? "type check" : step;
  if (name === undefined) return undefined;
  const index = buildStepNames.findIndex((known) => name === known || name.startsWith(`${known} (`));
  if (index === -1) return undefined;
  return { done: index + 1, total, message: skipped ? "type check skipped" : name };
}

/** Where a run's output goes: its lines one by one, and the last ones kept for a failure's words. */
interface Run {
  code: number | null;
  tail: string[];
}

/** Runs a program without a shell, handing each line it prints to `onLine`. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; onLine?: (line: string) => void },
): Promise<Run> {
  return new Promise((resolve) => {
    const tail: string[] = [];
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines = (stream: NodeJS.ReadableStream) => {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const parts = (rest + chunk).split(/\r?\n/);
        rest = parts.pop() ?? "";
        for (const line of parts) {
          tail.push(line);
          if (tail.length > 30) tail.shift();
          options.onLine?.(line);
        }
      });
      stream.on("end", () => {
        if (rest !== "") {
          tail.push(rest);
          options.onLine?.(rest);
        }
      });
    };
    lines(child.stdout);
    lines(child.stderr);
    child.on("error", (error) => resolve({ code: null, tail: [...tail, error.message] }));
    child.on("close", (code) => resolve({ code, tail }));
  });
}

/** What a failed run printed last, without colours: the words a person reads. */
function lastWords(result: Run, lines = 12): string {
  const plain = result.tail.map((l) => l.replace(/\u001b\[[0-9;]*m/g, "")).filter((l) => l.trim() !== "");
  return plain.slice(-lines).join("\n");
}

/** Links the editor's node_modules into a worktree, so the project's scripts run there. */
export async function linkNodeModules(dir: string, projectRoot: string): Promise<void> {
  const target = path.join(projectRoot, "node_modules");
  const link = path.join(dir, "node_modules");
  if (existsSync(target) && !existsSync(link)) await symlink(target, link, "dir");
}

/** The publish check on a worktree: the validator with --publish once site.json says production. */
export function validateStep(projectRoot: string): PublishSteps["check"] {
  return async (dir) => {
    await linkNodeModules(dir, projectRoot);
    const result = await run(process.execPath, ["scripts/validate.mjs", "--publish-if-production"], { cwd: dir });
    if (result.code === 0) return { ok: true };
    return { ok: false, message: `The publish check found problems:\n${lastWords(result, 30)}` };
  };
}

/** What the build says when the site's config fails the check it starts with (src/build/check-inputs.ts). */
const configRefused = "The config has errors (above); nothing was built.";

/** The project's build in a worktree, its steps reported as progress. */
export function buildStep(projectRoot: string, args: string[] = []): PublishSteps["build"] {
  return async (dir, progress) => {
    await linkNodeModules(dir, projectRoot);
    // No type check: the editor changes content, never code, and the type check reads no content
    // (src/build/typecheck.ts); the code was checked by CI and the image build. Left to the build,
    // the first publish or preview after a code change waited 30-100 s for it.
    const result = await run(process.execPath, ["scripts/build.mjs", "--skip-typecheck", ...args], {
      cwd: dir,
      // The site visitors get, whatever the editor's own NODE_ENV (under a test runner, "test"
      // made Vite build for development: pages without the photos' smaller copies).
      env: { ...process.env, NODE_ENV: "production" },
      onLine: (line) => {
        const parsed = parseBuildLine(line);
        if (parsed) progress({ step: "build", ...parsed });
      },
    });
    if (result.code === 0) return { ok: true, message: lastWords(result, 1) };
    // The build validates the site first, as the publish check does, and stops before writing.
    // (Its words come on stdout and the refusal on stderr, which need not arrive in that order.)
    if (result.tail.some((line) => line.includes(configRefused))) {
      const problems = result.tail.filter((line) => !line.includes(configRefused));
      return {
        ok: false,
        refused: true,
        message: `The publish check found problems:\n${lastWords({ ...result, tail: problems }, 30)}`,
      };
    }
    return { ok: false, message: `The build failed:\n${lastWords(result)}` };
  };
}

/** How the built site goes live: a command, or an address to POST to; neither: it stays in dist/. */
export interface DeploySetting {
  command?: string;
  url?: string;
}

/** The deploy setting from EDITOR_DEPLOY_COMMAND or EDITOR_DEPLOY_URL. */
export function deploySettingFromEnv(env: NodeJS.ProcessEnv): DeploySetting {
  return { command: env.EDITOR_DEPLOY_COMMAND || undefined, url: env.EDITOR_DEPLOY_URL || undefined };
}

/**
 * Splits a command line into its words as a shell would split them, quotes included, but runs
 * nothing: no variables, globs or pipes (DIST_DIR is in the command's environment instead).
 */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < command.length) word = (word ?? "") + command[++i];
      else word = (word ?? "") + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\" && i + 1 < command.length) word = (word ?? "") + command[++i];
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (quote) throw new Error(`The deploy command has an unclosed ${quote}: ${command}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The deploy step for a setting; the address is never repeated in a message (it may hold a key). */
export function deployStep(setting: DeploySetting): PublishSteps["deploy"] {
  return async (dir): Promise<StepResult> => {
    const distDir = path.join(dir, "dist");
    if (setting.command) {
      const [command, ...args] = splitCommand(setting.command);
      if (!command) return { ok: false, message: "The deploy command is empty." };
      const result = await run(command, args, { cwd: dir, env: { ...process.env, DIST_DIR: distDir } });
      if (result.code === 0) return { ok: true, message: "Published and deployed." };
      return {
        ok: false,
        message: `The deploy command failed (exit code ${result.code ?? "none"}):\n${lastWords(result)}`,
      };
    }
    if (setting.url) {
      try {
        const response = await fetch(setting.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ dist: distDir }),
          signal: AbortSignal.timeout(120_000),
        });
        if (response.ok) return { ok: true, message: "Published and deployed." };
        return { ok: false, message: `The deploy address answered ${response.status} ${response.statusText}.` };
      } catch (error) {
        const why = error instanceof Error && error.cause instanceof Error ? error.cause.message : "no answer";
        return { ok: false, message: `The deploy address could not be reached (${why}).` };
      }
    }
    return { ok: true, message: `Published; no deploy step is set, so the built site is in ${distDir}.` };
  };
}

/**
 * The real steps: the build and the deploy. The publish check is the build's own first step (the
 * validator with --publish once site.json says production, with the build's cache: at 10,000
 * treatments seconds less than running the validator again on its own), and its refusal comes back
 * as the check's, in its words. `separateCheck` runs the validator on its own first as well.
 */
export function buildSteps(options: {
  projectRoot: string;
  deploy?: DeploySetting;
  buildArgs?: string[];
  separateCheck?: boolean;
}): PublishSteps {
  return {
    check: options.separateCheck ? validateStep(options.projectRoot) : async () => ({ ok: true }),
    build: buildStep(options.projectRoot, options.buildArgs),
    deploy: deployStep(options.deploy ?? {}),
  };
}
