/**
 * The checks of every change set of a hosted editor, against one kept snapshot of the published
 * site (validation/snapshot.ts). A change set's worktree differs from the published commit in a
 * few files; those are its overlay, and a save checks the snapshot with the overlay and the saved
 * text: the changed files and what they can affect are checked anew, not the whole site, and
 * the snapshot and its first pass are shared by every change set of the commit.
 *
 * A change set whose worktree differs in more than the text of existing config files (a file
 * added, removed or renamed, an image, a schema) is checked as before, by its own whole-site
 * checker (check.ts). Runs in the checks' worker thread (check-worker.ts).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Problem, type SiteDelta, SiteSnapshot } from "../../validation";
import { headCommit } from "./changes/head";
import { type Checker, candidateChecker, problemKey } from "./check";

/** What a check answers, and the token that adopts it once saved. */
export interface SharedCheckResult {
  errors: Problem[];
  warnings: Problem[];
  token: number;
}

interface Base {
  snapshot: SiteSnapshot;
  commit: string;
  root: string;
}

interface SiteState {
  commit: string;
  /** Text of the config files that differ from the commit, by path in the published worktree; undefined: checked on its own. */
  overlay: Map<string, string> | undefined;
  /** Counts the overlay's changes: a check adopted on the overlay it was made with keeps its run. */
  version: number;
  before?: SiteDelta;
  /** Checks not saved yet, by token: what adopting them sets. */
  pending: Map<number, Pending>;
  /**
   * The last checks' answers, by file, overlay version and text: "Check" then "Save" of the same
   * text (the app's usual way) costs one run, not two.
   */
  recent: Map<string, { errors: Problem[]; warnings: Problem[]; pending: Pending }>;
}

/** A check not saved yet: what adopting it sets. */
interface Pending {
  file: string;
  text: string;
  after: SiteDelta;
  overlay: Map<string, string>;
  version: number;
}

/** A worktree checked on its own, and its checks not saved yet. */
interface Own {
  checker: Checker;
  pending: Map<number, () => Promise<void>>;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "core.quotePath=false", ...args], { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

export class SharedChecks {
  private base: Base | undefined;
  private stale = true;
  private readonly sites = new Map<string, SiteState>();
  private readonly owns = new Map<string, Own>();
  private tokens = 0;

  /** `publishedRoot`: the published branch's worktree (a checkout of the whole project). */
  constructor(private readonly publishedRoot: string) {}

  /** The published branch moved: the snapshot is made again at the next check (or now, `warm`). */
  refresh() {
    this.stale = true;
  }

  /** Makes the snapshot of the published site now, if it is not current. */
  warm() {
    this.current();
  }

  /** Forgets what is kept of a worktree (its change set was brought up to date, published or withdrawn). */
  forget(root: string) {
    this.sites.delete(root);
    this.owns.delete(root);
  }

  /** Files written in a worktree: a changed text joins its overlay; a file added or removed, it is looked at again. */
  wrote(root: string, files: { path: string; before?: string; after?: string }[]) {
    const state = this.sites.get(root);
    if (!state?.overlay) return;
    for (const f of files) {
      if (f.before === undefined || f.after === undefined) {
        this.sites.delete(root);
        return;
      }
      const inBase = path.join(this.publishedRoot, f.path);
      if (state.overlay.get(inBase) === f.after) continue;
      state.overlay.set(inBase, f.after);
      state.version++;
      state.before = undefined;
    }
  }

  private current(): Base | undefined {
    if (!this.stale && this.base) return this.base;
    const root = this.publishedRoot;
    const head = () => git(root, "rev-parse", "HEAD").trim();
    const commit = head();
    if (this.base?.commit === commit) {
      this.stale = false;
      return this.base;
    }
    const siteRoot = path.join(root, "site-config");
    const snapshot = new SiteSnapshot({
      siteRoot,
      schemasDir: path.join(root, "schemas"),
      publicDir: path.join(root, "public"),
      shownFrom: root,
      naming: "labels",
      publish: "if-production",
    });
    // A publish that moved the published worktree meanwhile: this snapshot is of no one commit.
    const dirty = git(root, "status", "--porcelain", "--", "site-config", "schemas", "public").trim();
    if (head() !== commit || dirty !== "") return undefined;
    this.base = { snapshot, commit, root };
    this.stale = false;
    return this.base;
  }

  /** What a worktree is to the snapshot: its overlay of changed config files, or not comparable. */
  private async stateOf(root: string, base: Base): Promise<SiteState> {
    const known = this.sites.get(root);
    if (known && known.commit === base.commit) return known;
    const state: SiteState = {
      commit: base.commit,
      overlay: new Map(),
      version: 0,
      pending: new Map(),
      recent: new Map(),
    };
    // Commits against commits, not the worktree's 10,000 files: the editor commits every save as it
    // writes it, and tells of what it writes (wrote). A change set just started is at the commit.
    const head = await headCommit(root);
    const changed =
      head === base.commit
        ? []
        : git(root, "diff", "--no-renames", "--name-status", "-z", base.commit, head, "--").split("\0");
    // Another check of this worktree may have made its state while the HEAD was read.
    const made = this.sites.get(root);
    if (made && made.commit === base.commit) return made;
    const configFile = (file: string) => file.startsWith("site-config/") && file.endsWith(".json");
    for (let i = 0; i + 1 < changed.length && state.overlay; i += 2) {
      const [status, file] = [changed[i], changed[i + 1]];
      const inBase = path.join(base.root, file);
      if (status !== "M" || !configFile(file) || !base.snapshot.has(inBase)) state.overlay = undefined;
      else state.overlay.set(inBase, readFileSync(path.join(root, file), "utf8"));
    }
    this.sites.set(root, state);
    return state;
  }

  /** Checks `text` as the new content of `file` in the worktree `root` (as check.ts's Checker). */
  async check(root: string, file: string, text: string, removed?: string): Promise<SharedCheckResult> {
    const token = ++this.tokens;
    const base = this.current();
    const state = base && (await this.stateOf(root, base));
    const inBase = base && path.join(base.root, path.relative(root, file));
    if (!base || !state?.overlay || removed || !inBase || !base.snapshot.has(inBase)) {
      const own = this.ownOf(root);
      const result = await own.checker(file, text, removed);
      if (result.adopt) keep(own.pending, token, result.adopt);
      return { errors: result.errors, warnings: result.warnings, token };
    }
    const asked = `${inBase}\0${state.version}\0${createHash("sha256").update(text).digest("hex")}`;
    const recent = state.recent.get(asked);
    if (recent) {
      keep(state.pending, token, recent.pending);
      return { errors: recent.errors, warnings: recent.warnings, token };
    }
    const { snapshot } = base;
    state.before ??= snapshot.with(state.overlay);
    const before = state.before;
    const overlay = new Map(state.overlay).set(inBase, text);
    const after = snapshot.with(overlay);
    const target = path.relative(root, file).split(path.sep).join("/");
    // Files neither run found anew have the snapshot's problems in both.
    const shown = after.files && before.files ? [...new Set([...after.files, ...before.files])] : undefined;
    const problemsIn = (delta: SiteDelta) =>
      shown ? shown.flatMap((f) => snapshot.problemsWith(delta, f)) : snapshot.allProblems(delta);
    const earlier = new Set(problemsIn(before).map(problemKey));
    const errors: Problem[] = [];
    const warnings: Problem[] = [];
    for (const found of problemsIn(after)) {
      const own = found.file === target;
      if (!own && (found.severity === "warning" || earlier.has(problemKey(found)))) continue;
      (found.severity === "error" ? errors : warnings).push(found);
    }
    const pending = { file: inBase, text, after, overlay, version: state.version };
    keep(state.pending, token, pending);
    keep(state.recent, asked, { errors, warnings, pending }, 4);
    return { errors, warnings, token };
  }

  /** The checked text was saved: the worktree's overlay has it from now on. */
  async adopt(root: string, token: number) {
    const own = this.owns.get(root)?.pending;
    const adoptOwn = own?.get(token);
    if (adoptOwn) {
      own?.delete(token);
      await adoptOwn();
    }
    const state = this.sites.get(root);
    const pending = state?.pending.get(token);
    if (!state?.overlay || !pending) return;
    state.pending.delete(token);
    // Another save in the same worktree may have come in between: its text stays, and the run is made again.
    if (pending.version === state.version) {
      state.overlay = pending.overlay;
      state.before = pending.after;
    } else {
      state.overlay.set(pending.file, pending.text);
      state.before = undefined;
    }
    state.version++;
  }

  private ownOf(root: string): Own {
    let own = this.owns.get(root);
    if (!own) {
      own = {
        checker: candidateChecker({
          projectRoot: root,
          siteRoot: path.join(root, "site-config"),
          publicDir: path.join(root, "public"),
        }),
        pending: new Map(),
      };
      this.owns.set(root, own);
    }
    return own;
  }
}

/** Keeps the last few of a worktree's unsaved checks (a check that is never saved is dropped in time). */
function keep<K, T>(map: Map<K, T>, key: K, value: T, most = 32) {
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value as K);
}
