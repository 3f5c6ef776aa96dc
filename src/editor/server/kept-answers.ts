/**
 * Answers a hosted editor keeps per site folder (the file list, the pickers' choices), so a
 * request does not read hundreds of files from disk. An answer is kept while the folder's version
 * (its worktree's HEAD commit: moved by every save's commit, a merge, a restore, or another
 * instance's saves taken in) is the same and nothing it depends on was written through its
 * SiteApi. When the version moves, the answer is carried over if what changed between the two
 * commits cannot change it (`carries`: the text of a folder collection's treatment page files,
 * which the list only counts), so the read after a treatment's save is not a read of everything.
 *
 * Worktrees at one commit have the same answers: a hosted editor's change sets share them
 * (`CommitAnswers`), so ten change sets started from the published commit read the site once, not
 * ten times. A worktree stops sharing once its SiteApi wrote a file the answers depend on (until
 * that write is committed, its files are not its commit's).
 */
import { collectionPlace } from "../shared/collection-paths";

/** Whether changing the text of `file` (an editor path) leaves the file list and the choices as they are. */
export function keepsAnswers(file: string): boolean {
  // A translation of a treatment page file is listed as little as the English one.
  const english = file.replace(/^([^/]+)\/i18n\/[^/]+\//, "$1/");
  const place = collectionPlace(english);
  return place?.storage === "folder" && place.slug !== undefined;
}

export interface KeptAnswersOptions {
  /** What the folder is at; absent, nothing is kept (`npm run edit`: anyone may change a file). */
  version?: () => Promise<string>;
  /** Whether answers made at version `from` still hold at `to` (see `keepsAnswers`). */
  carries?: (from: string, to: string) => Promise<boolean>;
  /** Answers shared with the other worktrees of the same site, by commit. */
  shared?: CommitAnswers;
}

/** Answers by name and commit, shared by every worktree of a site (the last few commits' only). */
export class CommitAnswers {
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(private readonly most = 16) {}

  get(name: string, commit: string): Promise<unknown> | undefined {
    return this.answers.get(`${name}\0${commit}`);
  }

  set(name: string, commit: string, answer: Promise<unknown>): void {
    const key = `${name}\0${commit}`;
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > this.most) this.answers.delete(this.answers.keys().next().value as string);
  }

  /** Drops an answer (it failed, or its worktree moved while it was made), unless another replaced it. */
  drop(name: string, commit: string, answer: Promise<unknown>): void {
    const key = `${name}\0${commit}`;
    if (this.answers.get(key) === answer) this.answers.delete(key);
  }
}

export class KeptAnswers {
  private readonly answers = new Map<string, { key: string; answer: Promise<unknown> }>();
  /** Unset once this worktree wrote a file the answers depend on: its files may then not be its commit's. */
  private shared: CommitAnswers | undefined;

  constructor(private readonly options: KeptAnswersOptions = {}) {
    this.shared = options.shared;
  }

  /** `make`'s answer, kept under `name`; one making at a time is shared by everyone who asks meanwhile. */
  async get<T>(name: string, make: () => Promise<T>): Promise<T> {
    const { version, carries } = this.options;
    if (!version) return make();
    // The key is read before the answer is made: a change meanwhile gives the next ask a new key.
    const key = await version();
    const held = this.answers.get(name);
    if (held?.key === key) return held.answer as Promise<T>;
    if (held && carries && (await carries(held.key, key).catch(() => false)) && this.answers.get(name) === held) {
      held.key = key;
      return held.answer as Promise<T>;
    }
    const { shared } = this;
    const common = shared?.get(name, key) as Promise<T> | undefined;
    if (common) {
      this.answers.set(name, { key, answer: common });
      return common;
    }
    const answer = make();
    this.answers.set(name, { key, answer });
    shared?.set(name, key, answer);
    answer.then(
      // Made from files that were not the commit's (the worktree moved meanwhile): this worktree's only.
      async () => {
        if (this.shared !== shared || (await version().catch(() => "")) !== key) shared?.drop(name, key, answer);
      },
      () => {
        shared?.drop(name, key, answer);
        if (this.answers.get(name)?.answer === answer) this.answers.delete(name);
      },
    );
    return answer;
  }

  /**
   * The version moved from `from` to `to` by a commit of texts that `keepsAnswers` (a save of a
   * treatment made here): answers made at `from` hold at `to`, with no look at what changed.
   */
  moved(from: string, to: string): void {
    for (const held of this.answers.values()) if (held.key === from) held.key = to;
  }

  /** `file` (an editor path) was written or removed through the SiteApi: answers it can change are made again. */
  wrote(file: string): void {
    if (keepsAnswers(file)) return;
    this.answers.clear();
    // One being made now is dropped from the shared ones when it is done (see get).
    this.shared = undefined;
  }
}
