/**
 * Answers a hosted editor keeps per site folder (the file list, the pickers' choices), so a
 * request does not read hundreds of files from disk. An answer is kept while the folder's version
 * (its worktree's HEAD commit: moved by every save's commit, a merge, a restore, or another
 * instance's saves taken in) is the same and nothing was written through its SiteApi meanwhile.
 */
export class KeptAnswers {
  /** Writes made through the SiteApi: part of each answer's key. */
  private writes = 0;
  private readonly answers = new Map<string, { key: string; answer: Promise<unknown> }>();

  /** `version`: what the folder is at; absent, nothing is kept (anyone may change a file). */
  constructor(private readonly version?: () => Promise<string>) {}

  /** `make`'s answer, kept under `name`; one making at a time is shared by everyone who asks meanwhile. */
  async get<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.version) return make();
    // The key is read before the answer is made: a change meanwhile gives the next ask a new key.
    const key = `${await this.version()}\0${this.writes}`;
    const held = this.answers.get(name);
    if (held?.key === key) return held.answer as Promise<T>;
    const answer = make();
    this.answers.set(name, { key, answer });
    answer.catch(() => {
      if (this.answers.get(name)?.answer === answer) this.answers.delete(name);
    });
    return answer;
  }

  /** Something was written through the SiteApi: every answer is made again. */
  wrote(): void {
    this.writes++;
    this.answers.clear();
  }
}
