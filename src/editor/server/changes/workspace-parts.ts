/**
 * What updating and publishing a change set use of the workspace (update.ts, publish.ts): the
 * workspace passes itself, and naming only these parts keeps those files from importing the
 * workspace that imports them.
 */
import type { KeyedLock } from "./lock";
import type { PushQueue } from "./push-queue";

export interface WorkspaceParts {
  readonly locks: KeyedLock;
  readonly pushes: PushQueue;
  readonly publishedBranch: string;
  readonly repo: string;
  publishedDir(): string;
  dir(id: string): string;
  ref(which: "published" | "head", id?: string): string;
  fetch(): Promise<void>;
  ensureUnlocked(id: string): Promise<string>;
  pushChangeSet(id: string, dir: string): Promise<void>;
  push(branch: string): Promise<unknown>;
  isAncestor(ancestor: string, descendant: string): Promise<boolean>;
  resetPublished(): Promise<void>;
}
