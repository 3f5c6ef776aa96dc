/**
 * The validate CLI: checks the site configuration against its schemas and across files, before
 * every build and whenever the content team wants to know a change is safe.
 *
 * Usage: npm run validate -- [options] [files or folders...]   (see `--help`)
 * Exit codes: 0 valid (warnings allowed), 1 invalid, 2 usage error.
 * Colour only on a terminal, and never when NO_COLOR is set.
 *
 * This file only reads the command line, prints and sets the exit code; the checks are in
 * src/validation/.
 */
import { statSync } from "node:fs";
import path from "node:path";
import * as say from "./catalogue";
import type { CatalogueEntry } from "./catalogue/entry";
import { keepCompiledValidators } from "./compiled-validators";
import { jobsFor, listJsonFiles } from "./list-files";
import { formatHuman, formatJson } from "./report";
import { runValidation } from "./run";
import { closest } from "./suggest";

const usage = `Usage: npm run validate -- [options] [files or folders...]

Checks the site configuration against its schemas and the references between its files.
With no paths, validates every .json file of the site folder.

Options:
  --root <dir>             the site folder (default: site-config/)
  --public <dir>           where images are looked up (default: public/; with --root, <root>/../public/)
  --format <name>          'human' (default) or 'json'
  --verbose                print every warning and every follow-on error in full, not one line per kind
  --publish                check the site is ready to publish: placeholder values (placeholders.json)
                           and sample entries are errors, each listed with what to put there
  --publish-if-production  --publish when site.json's "production" is true (what npm run build runs)
  -h, --help               show this help

Exit codes: 0 valid (warnings allowed), 1 invalid, 2 usage error.
`;

interface Args {
  paths: string[];
  root?: string;
  publicDir?: string;
  format: "human" | "json";
  help: boolean;
  verbose: boolean;
  publish: boolean | "if-production";
}

/** A mistake on the command line: its message, and exit code 2. */
class UsageError extends Error {}

function usageError<P extends unknown[]>(entry: CatalogueEntry<P>, ...params: P): UsageError {
  return new UsageError(entry.message(...params));
}

const valueOptions = { "--root": "a folder", "--public": "a folder", "--format": "'human' or 'json'" } as const;
const flagOptions = ["--help", "-h", "--verbose", "--publish", "--publish-if-production"];

function parseArgs(argv: string[]): Args {
  const args: Args = { paths: [], format: "human", help: false, verbose: false, publish: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      args.paths.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      args.paths.push(arg);
      continue;
    }
    if (flagOptions.includes(arg)) {
      if (arg === "--verbose") args.verbose = true;
      else if (arg === "--publish") args.publish = true;
      else if (arg === "--publish-if-production") args.publish = args.publish === true || "if-production";
      else args.help = true;
      continue;
    }
    const [name, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg];
    if (!(name in valueOptions)) {
      throw usageError(say.UnknownOption, name, closest(name, [...Object.keys(valueOptions), ...flagOptions]));
    }
    const option = name as keyof typeof valueOptions;
    const value = inline ?? argv[++i];
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("--"))) {
      throw usageError(say.MissingOptionValue, option, valueOptions[option]);
    }
    if (option === "--root") args.root = value;
    if (option === "--public") args.publicDir = value;
    if (option === "--format") {
      if (value !== "human" && value !== "json")
        throw usageError(say.BadOptionValue, "--format", value, ["human", "json"]);
      args.format = value;
    }
  }
  return args;
}

function kindOf(file: string): "file" | "folder" | undefined {
  try {
    return statSync(file).isDirectory() ? "folder" : "file";
  } catch {
    return undefined;
  }
}

/** The .json files of a folder, from the site's listing when the folder is inside the site. */
function filesIn(folder: string, siteRoot: string, siteFiles: string[]): string[] {
  if (folder === siteRoot) return siteFiles;
  if (!folder.startsWith(siteRoot + path.sep)) return listJsonFiles(folder);
  return siteFiles.filter((file) => file.startsWith(folder + path.sep));
}

/** How the CLI was started: `workerScript` starts workers that share a large run (parallel.ts). */
export interface CliSettings {
  workerScript?: URL;
}

function validate(argv: string[], settings: CliSettings): number {
  const args = parseArgs(argv);
  if (args.help) {
    process.stdout.write(usage);
    return 0;
  }
  const cwd = process.cwd();
  // scripts/validate.mjs runs this file as a bundle elsewhere and says where the project is.
  const repoRoot = process.env.SITE_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "../..");
  const siteRoot = args.root ? path.resolve(cwd, args.root) : path.join(repoRoot, "site-config");
  if (kindOf(siteRoot) !== "folder") throw usageError(say.PathNotFound, args.root ?? siteRoot);
  const publicDir = args.publicDir
    ? path.resolve(cwd, args.publicDir)
    : args.root
      ? path.resolve(siteRoot, "..", "public")
      : path.join(repoRoot, "public");

  // Validators compiled by an earlier run are loaded, not compiled again (compiled-validators.ts).
  keepCompiledValidators(repoRoot);
  const siteFiles = listJsonFiles(siteRoot);
  const files: string[] = [];
  for (const given of args.paths) {
    const file = path.resolve(cwd, given);
    const kind = kindOf(file);
    if (!kind) throw usageError(say.PathNotFound, given);
    if (kind === "file" && !file.endsWith(".json")) throw usageError(say.NotJsonFile, given);
    const found = kind === "file" ? [file] : filesIn(file, siteRoot, siteFiles);
    if (found.length === 0) throw usageError(say.NoJsonFiles, given);
    files.push(...found);
  }
  if (args.paths.length === 0) {
    if (siteFiles.length === 0) throw usageError(say.NoJsonFiles, args.root ?? siteRoot);
    files.push(...siteFiles);
  }

  const report = runValidation({
    jobs: jobsFor(files, siteFiles),
    siteRoot,
    schemasDir: path.join(repoRoot, "schemas"),
    publicDir,
    shownFrom: cwd,
    publish: args.publish,
    workers: settings.workerScript && { script: settings.workerScript, projectRoot: repoRoot },
  });
  if (args.format === "json") process.stdout.write(`${JSON.stringify(formatJson(report), null, 2)}\n`);
  else {
    const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
    process.stdout.write(formatHuman(report, { colour, verbose: args.verbose }));
  }
  return report.errors > 0 ? 1 : 0;
}

/** Runs the CLI on `argv` (the arguments after the command) and returns its exit code. */
export function main(argv: string[], settings: CliSettings = {}): number {
  try {
    return validate(argv, settings);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`validate: ${error.message}\nRun 'npm run validate -- --help' to see the options.\n`);
      return 2;
    }
    // A bug of ours, not of the input: say so plainly, without a stack trace.
    process.stderr.write(`validate: stopped by an unexpected error: ${(error as Error)?.message ?? error}\n`);
    return 1;
  }
}
