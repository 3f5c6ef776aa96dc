/** The shapes the change-set module shares with the editor's routes (see docs/editor.md). */

/** Who a commit is by: the signed-in person. */
export interface Author {
  name: string;
  email: string;
}

/** One field that a change set changed, in the editor's words. */
export interface FieldChange {
  /** Path from the repository root: "site-config/navigation.json". */
  file: string;
  /** What the file is: "Navigation", "Cardiology treatments", "/contact-us". */
  fileLabel: string;
  /** JSON pointer of the field (in the file after the change; before it, for what was removed). */
  pointer: string;
  /** Where the field is, as the form names it: "Menu entry ‘Who We Are’ › Label". */
  label: string;
  kind: "added" | "removed" | "changed";
  /** The value before and after; for a list entry that moved, its place (1, 2, …) before and after. */
  before?: unknown;
  after?: unknown;
  /** The change in words: "Label: 'Who We Are' → 'About us'". */
  words: string;
}

/** The changes to one file, and the pages they show on. */
export interface FileChanges {
  file: string;
  fileLabel: string;
  changes: FieldChange[];
  /** Routes of the affected pages ("/home"), or [everyPage] for navigation, footer and site settings. */
  pages: string[];
}

import type { ConflictView, PickView, UpdateResponse } from "../../shared/changes-api";

/** A field both sides changed differently: as the app receives it, the person picks one value. */
export type FieldConflict = ConflictView;
/** A person's decision on one conflict, as the app sends it. */
export type Pick = PickView;
/** What `update` did: nothing to do, or the fields a person must decide. */
export type UpdateResult = UpdateResponse;

/** A step of publishing, for the progress bar. */
export type PublishStep = "update" | "check" | "merge" | "push" | "build" | "deploy";

/**
 * Publishing's progress. Publish steps report `done` of `total` publish steps; the build reports
 * with step "build" and counts its own steps in `done`/`total`, `message` naming the one finished.
 */
export interface Progress {
  step: PublishStep;
  done: number;
  total: number;
  message: string;
}

/** A step's answer: passed, or why not in words. */
export type StepResult =
  | { ok: true; message?: string }
  /** `refused`: a build that stopped because the site failed its check (the build validates first). */
  | { ok: false; message: string; refused?: boolean };

/** What publishing runs besides git; the editor passes the real ones, tests their own. */
export interface PublishSteps {
  /**
   * The publish check on the change set brought up to date: `dir` is the published worktree holding
   * exactly that merged result, not yet pushed (its caches are kept from one publish to the next).
   */
  check(dir: string): Promise<StepResult>;
  /** Builds the site in the published worktree (before it is pushed: a failure publishes nothing). */
  build(publishedDir: string, progress: (p: Progress) => void): Promise<StepResult>;
  /** Puts the built site live. */
  deploy(publishedDir: string): Promise<StepResult>;
}

/** How a publish ended. */
export type PublishOutcome =
  | { ok: true; commit: string; message: string; seconds: number }
  | { ok: false; step: PublishStep; message: string; conflicts?: FieldConflict[] };
