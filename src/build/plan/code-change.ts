/**
 * The planner's first question: did the code change since the last build (or is there no last
 * build to trust)? Then every page is made again, and the build says why.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { isDataFileName } from "../../shared/collections/store";
import { type BuildState, distFingerprint } from "../build-state";
import { listNames } from "../explanations";
import { filesUnder, hashAll, type InputScanner } from "../inputs";

export interface CodeChange {
  /** Each code and bundled-config file's hash. */
  code: Record<string, string>;
  /** The hash of them all: part of every piece's hash. */
  codeKey: string;
  /** The files of `code` that changed (or went) since the last build. */
  changed: string[];
  /** Whether every page is made again. */
  full: boolean;
  /** Why the build is full ('' for an incremental one). */
  reason: string;
}

/** What changed in the code, and so whether everything must be made again. */
export function codeChange(
  root: string,
  scanner: InputScanner,
  before: BuildState | undefined,
  force: boolean,
): CodeChange {
  const code: Record<string, string> = {};
  for (const file of [...codeFiles(root), ...bundledConfig(root)]) code[file] = scanner.hash(file);
  const codeKey = hashAll(["build-1", process.version, ...Object.entries(code).map(([f, h]) => `${f}:${h}`)]);
  const changed = before
    ? [
        ...Object.keys(code).filter((f) => before.code[f] !== code[f]),
        ...Object.keys(before.code).filter((f) => !(f in code)),
      ]
    : [];
  const distDir = path.join(root, "dist");
  let reason = "";
  if (force) reason = "--force: every page is made, no cache is read";
  else if (!before) reason = "no earlier build in the cache: every page is made";
  else if (!existsSync(distDir) || distFingerprint(distDir) !== before.dist)
    reason = "dist/ is not the one the last build left: every page is made";
  else if (changed.length > 0)
    reason = `${listNames(changed)} changed: ${changed.some((f) => f.startsWith("site-config")) ? "config every page shows or the code bundles" : "code"}, so every page is made again`;
  return { code, codeKey, changed, full: reason !== "", reason };
}

/** Files that are part of the code: any change makes the whole site again. */
function codeFiles(root: string): string[] {
  const top = ["index.html", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
  return [
    ...top.filter((f) => existsSync(path.join(root, f))),
    ...filesUnder(root, "src"),
    ...filesUnder(root, "schemas"),
    ...filesUnder(root, "public"),
  ];
}

/**
 * Config the code bundles: everything in site-config/ but the collections' treatments and their
 * translations (i18n/{lang}/collections/{stem}.json of a collection file, or
 * i18n/{lang}/collections/{stem}/{slug}.json of a folder's treatment), which the build publishes
 * one treatment at a time. Presentations and their translations stay bundled.
 */
function bundledConfig(root: string): string[] {
  const bundled = (file: string) => {
    const parts = file.split(path.sep);
    if (parts[1] === "i18n" && parts[3] === "collections") return !isTreatmentTranslation(parts.slice(4));
    if (parts[1] !== "collections") return true;
    return parts.length === 3 && parts[2].endsWith(".presentation.json");
  };
  // A folder of treatments (or of their translations) holds nothing bundled: it is not walked
  // (10,000 names read and turned down on every build at 10,000 treatments).
  const enter = (folder: string) => {
    const parts = folder.split(path.sep);
    if (parts[1] === "collections") return parts.length < 3;
    return !(
      parts[1] === "i18n" &&
      parts[3] === "collections" &&
      parts.length === 5 &&
      isDataFileName(`${parts[4]}.json`)
    );
  };
  return filesUnder(root, "site-config", (name) => name.endsWith(".json"), enter).filter(bundled);
}

/** Whether a path under i18n/{lang}/collections/ holds treatments' texts. */
const isTreatmentTranslation = (parts: string[]) =>
  parts.length === 1 ? isDataFileName(parts[0]) : isDataFileName(`${parts[0]}.json`);
