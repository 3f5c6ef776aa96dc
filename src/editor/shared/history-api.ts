/**
 * The hosted editor's history API: a file's (or a treatment's) versions on the published branch,
 * in the words of the review, one version's text, and "Restore this version" into a change set.
 */
import { apiPrefix } from "./api";
import type { ChangeSetSummary, FieldChangeView } from "./changes-api";

/** What a history is of: an English file, its translation into `lang`, or one treatment of a collection file. */
export interface HistoryQuery {
  /** The file's editor path (the English one for a translation): "site-config/pages/about-us.json". */
  path: string;
  /** A treatment of a one-file collection, by its slug. */
  slug?: string;
  /** The translation into this language instead of the English file. */
  lang?: string;
}

/** One version: who made it, when, and what it changed, field by field. */
export interface VersionView {
  commit: string;
  author: string;
  /** Milliseconds since 1970. */
  at: number;
  /** The commit message's first line. */
  subject: string;
  changes: FieldChangeView[];
}

/** GET history: newest first; `next` asks for the page after (absent: no more). */
export interface HistoryResponse {
  /** What the history is of: "/about-us", "Knee Replacement", "Navigation (Telugu)". */
  label: string;
  versions: VersionView[];
  next?: number;
}

/** GET history/version: one version's text, and what restoring it would change on the published site. */
export interface VersionResponse {
  commit: string;
  author: string;
  at: number;
  /** The file's (or the treatment's) JSON as that version had it. */
  text: string;
  /** The changes "Restore this version" would make to the published site now. */
  restoring: FieldChangeView[];
}

/** POST history/restore: puts the version back in a new change set, which the answer names. */
export interface RestoreRequest extends HistoryQuery {
  commit: string;
}

export interface RestoreResponse {
  changeSet: ChangeSetSummary;
  /** The restore's commit message: "Restored '/about-us' as of 12 Nov 2026 by meera". */
  message: string;
}

export const historyPaths = {
  history: `${apiPrefix}history`,
  version: `${apiPrefix}history/version`,
  restore: `${apiPrefix}history/restore`,
} as const;
