/**
 * A change set's changes in words, between two commits: where it left the published branch and
 * its newest commit. Every text comes from one `git cat-file --batch`, and the answer is kept per
 * pair of commits: the change set's view, asked again and again while a push or a preview build
 * runs, costs one git process until either branch moves.
 */
import { describeFileChanges } from "./describe";
import { changedBetween, gitText, textsAt } from "./git";
import { translationOf } from "./translation-labels";
import type { FileChanges } from "./types";

export class ReviewCache {
  private readonly kept = new Map<string, Promise<FileChanges[]>>();
  private readonly bases = new Map<string, Promise<string>>();

  constructor(
    private readonly repo: string,
    private readonly most = 64,
  ) {}

  /** The changes of `head` since it left `published` (two commit ids), file by file and field by field. */
  async of(published: string, head: string): Promise<FileChanges[]> {
    const base = await this.keep(this.bases, `${published} ${head}`, () =>
      gitText(this.repo, ["merge-base", published, head]),
    );
    return this.keep(this.kept, `${base}..${head}`, () => describeBetween(this.repo, base, head));
  }

  /** An answer about commits (which never change), kept; one that failed is asked again. */
  private keep<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    let answer = map.get(key);
    if (!answer) {
      answer = make();
      answer.catch(() => map.delete(key));
      map.set(key, answer);
      if (map.size > this.most) map.delete(map.keys().next().value as string);
    }
    return answer;
  }
}

async function describeBetween(repo: string, base: string, head: string): Promise<FileChanges[]> {
  const files = await changedBetween(repo, base, head);
  // A translation is named by the English fields it translates.
  const english = files.map((file) => translationOf(file)?.englishFile);
  const texts = await textsAt(
    repo,
    files.flatMap((file, i) => [
      `${base}:${file}`,
      `${head}:${file}`,
      ...(english[i] ? [`${head}:${english[i]}`] : []),
    ]),
  );
  let at = 0;
  return files.map((file, i) => {
    const before = texts[at++];
    const after = texts[at++];
    const translated = english[i] ? texts[at++] : undefined;
    return describeFileChanges(file, before, after, translated);
  });
}
