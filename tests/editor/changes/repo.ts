/**
 * A small project repository in a temporary folder, holding copies of a few of the site's config
 * files (and schemas/, which their "$schema" names), committed on `main`: what the editor's
 * workspace clones, without cloning the whole project.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Author } from "../../../src/editor/server/changes";
import { projectRoot } from "../temp-site";

export const alice: Author = { name: "Alice Editor", email: "alice@hospital.example" };
export const tara: Author = { name: "Tara Translator", email: "tara@hospital.example" };

export const siteFiles = [
  "site-config/navigation.json",
  "site-config/footer.json",
  "site-config/pages/home.json",
  "site-config/collections/cardiology-sub-departments.json",
];

export interface TempProject {
  /** The project repository (what SiteWorkspace.open takes as projectRoot). */
  root: string;
  /** A folder for the editor's data, beside the project. */
  dataDir: (name?: string) => string;
  remove: () => Promise<void>;
}

/** Runs git in `cwd` the way a developer would (for setting up and for checking from outside). */
export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  }).trimEnd();
}

/** A project with `files` copied; `prepare` changes it before its first commit. */
export async function makeProject(
  files: string[] = siteFiles,
  prepare?: (root: string) => void | Promise<void>,
): Promise<TempProject> {
  const folder = await mkdtemp(path.join(tmpdir(), "site-changes-test-"));
  const root = path.join(folder, "project");
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await cp(path.join(projectRoot, file), path.join(root, file));
  }
  await cp(path.join(projectRoot, "schemas"), path.join(root, "schemas"), { recursive: true });
  await prepare?.(root);
  gitIn(root, "init", "--quiet", "--initial-branch=main");
  gitIn(root, "add", "-A");
  gitIn(root, "commit", "--quiet", "-m", "The site");
  return {
    root,
    dataDir: (name = "data") => path.join(folder, name),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Reads a JSON file, changes it and writes it back as the editor's save does. */
export async function editJson(file: string, change: (doc: Record<string, unknown>) => void): Promise<void> {
  const doc = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  change(doc);
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
}
