/**
 * The incremental build's planner: every piece this build makes, each with its hash (the code's
 * key and the hashes of what it is made of, deps.ts). The pieces whose hash the last build did not
 * leave are made again; the last build's pieces this build no longer has are removed.
 */
import type { TreatmentListPage } from "../../shared/collections/data-files";
import type { CatalogEntry } from "../catalog";
import type { LanguageFont } from "../fonts";
import { hashAll, type InputScanner } from "../inputs";
import { type DepKey, type JobKey, keyOf } from "../keys";
import type { Job } from "../prerender/jobs";
import type { PageSpec } from "../prerender/page-list";
import { type DepHashTable, depHash, hashDeps } from "./deps";
import { type JobHashes, jobCount, jobHash, jobKeys, setJobHash } from "./job-hashes";
import { tableDiff } from "./key-table";

/** One piece of this build's output. */
export interface Planned {
  key: JobKey;
  /** What makes it; none for a whole data file, which the build writes from the treatments' after the jobs ran. */
  job?: Job;
  /** What it is made of besides the code (none for a whole data file: its treatments and settings). */
  deps: DepKey[];
  hash: string;
}

export interface Plan {
  /**
   * How many pieces this build has, and how many of them are made by a job (not a whole data
   * file). The pieces themselves are not kept past planning but for those made again: at 10,000
   * treatments a one-change build keeps 9 of 41,827, and the rest, kept to the end of the build,
   * were work for the garbage collector's young generation, which copies what lives on.
   */
  pieces: number;
  jobs: number;
  /** The pieces to make, in the order planned (pages, each collection's data, then the whole data files if published): all in a full build, those whose hash changed in an incremental one. */
  stale: Planned[];
  /** The last build's pieces this build no longer has: their outputs go. */
  removed: JobKey[];
  /** Each piece's hash, kept for the next build. */
  hashes: JobHashes;
  /** Each dependency's hash, kept for the next build's planning and explanations. */
  deps: DepHashTable;
}

export interface PlanInput {
  /** The hash of the code and of the config bundled with it: part of every piece's hash. */
  codeKey: string;
  scanner: InputScanner;
  specs: PageSpec[];
  entries: Record<string, CatalogEntry>;
  /** Each collection's list pages, by data file. */
  lists: Record<string, TreatmentListPage[]>;
  /** The site's languages with pages of their own besides the default. */
  otherLanguages: ReadonlySet<string>;
  fonts: Record<string, LanguageFont>;
  /** Whether each collection's whole data file is published (site.json's `wholeCollectionFiles`). */
  wholeCollectionFiles: boolean;
  /** The last build's hashes: their outputs are removed when this build no longer has them. */
  before?: JobHashes;
  /** The last build's dependency hashes (Plan.deps): a piece whose dependencies all kept theirs keeps its hash. */
  beforeDeps?: DepHashTable;
  /** Make every piece, whatever the last build left. */
  full: boolean;
}

/** The dependencies hashed when a piece first names them, not in the table before planning. */
const pageFiles: ReadonlySet<DepKey["kind"]> = new Set(["page-file"]);

/** Plans the build: what it makes, what it makes again, and what it removes. */
export function planBuild(input: PlanInput): Plan {
  const { codeKey, specs, entries, lists, fonts, before } = input;
  const deps = hashDeps(input);
  const previous = input.full ? undefined : before;
  // In an incremental build the code is the last build's, and a piece's dependencies are named
  // by its key and the code alone (the page list's specs, the catalog's treatments): a piece the
  // last build made whose dependencies all hash as they did then has the hash it had, which is
  // not worked out again (hashing 40,000 pieces' parts was most of planning a one-change build).
  // A dependency the last build did not have hashed as '' in it (hashAt), as one it has not now.
  const keptDeps = previous ? input.beforeDeps : undefined;
  // What changed is found once, the two tables side by side: each of a piece's dependencies is
  // then looked for among the few that changed, not in the two tables of 60,000 (two look-ups for
  // each of 120,000 dependencies were half of planning a one-change build). A page's file is
  // hashed when a piece first names it (the state keeps that hash): it is compared then, once a file.
  const changed = keptDeps && tableDiff(deps.hashes, keptDeps, pageFiles);
  const pageFileChanged = new Map<string, boolean>();
  const depChanged = (dep: DepKey): boolean => {
    if (dep.kind !== "page-file") return changed !== undefined && depHash(changed, dep) !== undefined;
    let known = pageFileChanged.get(dep.file);
    if (known === undefined) {
      known = ((keptDeps && depHash(keptDeps, dep)) ?? "") !== deps.hashAt(dep);
      pageFileChanged.set(dep.file, known);
    }
    return known;
  };
  const stale: Planned[] = [];
  const hashes: JobHashes = new Map();
  let pieces = 0;
  let jobs = 0;
  /** Pieces planned that the last build made (each key planned once). */
  let known = 0;
  const plan = (key: JobKey, job: Job, parts: DepKey[]) => {
    const was = previous && jobHash(previous, key);
    if (was !== undefined) known++;
    // Every part is looked at (a page's file is hashed when a piece first names it), but a piece
    // that keeps its hash makes no list of its parts' names and hashes.
    let kept = was !== undefined && changed !== undefined;
    for (const dep of parts) if (depChanged(dep)) kept = false;
    const hash = kept
      ? (was as string)
      : hashAll([codeKey, ...parts.map((dep) => `${keyOf(dep)}=${deps.hashAt(dep)}`)]);
    pieces++;
    jobs++;
    setJobHash(hashes, key, hash);
    if (was !== hash) stale.push({ key, job, deps: parts, hash });
  };

  for (const spec of specs) {
    const parts: DepKey[] = fonts[spec.lang] ? [...spec.deps, { kind: "font", lang: spec.lang }] : spec.deps;
    plan({ kind: "page", path: spec.path }, { kind: "page", spec }, parts);
  }
  for (const { dataFile, items } of Object.values(entries)) {
    for (const { slug } of items) {
      plan({ kind: "treatment-data", dataFile, slug }, { kind: "treatment-data", dataFile, slug }, [
        { kind: "item", dataFile, slug },
        { kind: "settings", dataFile },
        { kind: "translated", dataFile, slug },
      ]);
      for (const lang of deps.translated[dataFile][slug]) {
        const key = { kind: "treatment-translation", lang, dataFile, slug } as const;
        plan(key, key, [{ kind: "translation", lang, dataFile, slug }]);
      }
    }
    plan({ kind: "index-data", dataFile }, { kind: "index-data", dataFile }, [{ kind: "index", dataFile }]);
    for (const { page } of lists[dataFile] ?? [])
      plan({ kind: "list-data", dataFile, page }, { kind: "list-data", dataFile, page }, [
        { kind: "list-file", dataFile, page },
      ]);
  }
  // The whole collection, the spec's data file, made of the treatments' data files: only where
  // site.json asks for it (120 MB at 10,000 treatments, which the site's pages never fetch).
  for (const entry of input.wholeCollectionFiles ? Object.values(entries) : []) {
    const hash = hashAll([codeKey, entry.settingsHash, ...entry.items.map((i) => `${i.slug}=${i.hash}`)]);
    const piece = { key: { kind: "whole-data", dataFile: entry.dataFile } as const, deps: [], hash };
    pieces++;
    setJobHash(hashes, piece.key, hash);
    const was = previous && jobHash(previous, piece.key);
    if (was !== undefined) known++;
    if (was !== hash) stale.push(piece);
  }
  // When every piece of the last build is planned again (as many found as it had), none is
  // removed, and its 40,000 keys are not read back to say so.
  const removed =
    before && !(previous && known === jobCount(previous))
      ? jobKeys(before).filter((key) => jobHash(hashes, key) === undefined)
      : [];
  return { pieces, jobs, stale, removed, hashes, deps: deps.hashes };
}
