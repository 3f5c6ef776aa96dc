/**
 * Where the config check (check-config.ts) keeps its results between builds: `validation.v8`,
 * every file's first pass (27 MB at 10,000 treatments), and beside it `validation-changes.v8`,
 * what changed since that file was written (the first passes of the files read again, the
 * translation checks, the report). A one-change build writes the small file alone, not the whole
 * one again; once the changes hold many files' results, the whole file is written again.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { LastCheck } from "./check-changes";
import type { KeptReport } from "./kept-report";

/**
 * The check's results kept for the next check. Not the files' stamps: the build's state keeps
 * those (build-state.ts), and the check looks at files through a scanner that starts from them
 * (check-config.ts); kept here too, 2 MB at 10,000 treatments were read and compared twice a build.
 */
export interface KeptChecks extends Omit<LastCheck, "report"> {
  version: number;
  /** The code's key (plan/code-change.ts): results kept under another key are not taken. */
  codeKey: string;
  report: KeptReport;
}

/** validation.v8: the results whole, and the name the changes written after it give it. */
interface WholeFile extends KeptChecks {
  id: string;
}

/** validation-changes.v8: the first passes that differ from the whole file's, and the rest as it now is. */
interface ChangesFile extends KeptChecks {
  /** The whole file's id these changes are of. */
  base: string;
}

/** What was read: the results, and the whole file they were read with (written changes are of it). */
export interface KeptRead {
  checks: KeptChecks;
  whole: WholeFile;
}

/** Bumped whenever the kept results' shape or meaning changes, so older ones are not read. */
const keptVersion = 4;

/** How many files' first passes the changes may hold before the whole file is written again. */
const maxChanged = 500;

const wholeFile = (cache: string) => path.join(cache, "validation.v8");
const changesFile = (cache: string) => path.join(cache, "validation-changes.v8");

function readFile<T extends KeptChecks>(file: string, codeKey: string): T | undefined {
  try {
    const kept = deserialize(readFileSync(file)) as T;
    return kept.version === keptVersion && kept.codeKey === codeKey ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** The results kept under `codeKey` in `cache`, or undefined. */
export function readKept(cache: string, codeKey: string): KeptRead | undefined {
  const whole = readFile<WholeFile>(wholeFile(cache), codeKey);
  if (!whole) return undefined;
  const changes = readFile<ChangesFile>(changesFile(cache), codeKey);
  if (changes?.base !== whole.id) return { checks: whole, whole };
  const { base, ...checks } = changes;
  return {
    checks: { ...checks, validation: { ...whole.validation, ...changes.validation } },
    whole,
  };
}

/** Writes `checks` (made with `version` and `codeKey` of their own) in `cache`: as changes to `read`'s whole file where few are. */
export function writeKept(cache: string, checks: Omit<KeptChecks, "version">, read: KeptRead | undefined): void {
  mkdirSync(cache, { recursive: true });
  const write = (file: string, value: unknown) => {
    writeFileSync(`${file}.tmp`, serialize(value));
    renameSync(`${file}.tmp`, file);
  };
  const whole = read?.whole;
  if (whole && whole.codeKey === checks.codeKey) {
    const changed = differing(checks.validation, whole.validation);
    const gone = Object.keys(whole.validation).some((file) => !(file in checks.validation));
    if (!gone && Object.keys(changed).length <= maxChanged) {
      const changes: ChangesFile = {
        ...checks,
        version: keptVersion,
        base: whole.id,
        validation: changed,
      };
      write(changesFile(cache), changes);
      return;
    }
  }
  // The changes go first: a whole file newer than them is read without them (its id is new).
  rmSync(changesFile(cache), { force: true });
  write(wholeFile(cache), { ...checks, version: keptVersion, id: randomUUID() } satisfies WholeFile);
}

/** The entries of `now` that are not `before`'s (by identity: unchanged ones are the very objects read). */
function differing<T>(now: Record<string, T>, before: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(now)) {
    const was = before[key];
    if (was === undefined || was !== value) out[key] = value;
  }
  return out;
}
