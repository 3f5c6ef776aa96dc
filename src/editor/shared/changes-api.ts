/**
 * The hosted editor's API for people and change sets: shapes shared by the server's routes and
 * the app. (`npm run edit` has none of these: it answers `me` with mode "local".)
 */
import { apiPrefix } from "./api";

export type ChangeSetStatus = "open" | "in-review" | "approved" | "changes-requested" | "published" | "withdrawn";

export interface PersonView {
  id: string;
  email: string;
  name: string;
  roles: string[];
  languages: string[];
}

export interface MeResponse {
  mode: "local" | "hosted";
  person: PersonView | null;
  csrfToken?: string;
}

export interface ChangeSetSummary {
  id: string;
  title: string;
  author: string;
  status: ChangeSetStatus;
  createdAt: number;
}

export interface FieldChangeView {
  file: string;
  pointer: string;
  label: string;
  kind: "added" | "removed" | "changed";
  words: string;
}

/** Stands for "all pages" in a file's pages (navigation, footer, site settings and their translations). */
export const everyPage = "every page";

export interface FileChangesView {
  file: string;
  fileLabel: string;
  changes: FieldChangeView[];
  /** Routes of the pages the file's changes show on ("/home"), or [everyPage]. */
  pages: string[];
}

export interface ReviewView {
  by: string;
  verdict:
    | "approved"
    | "changes-requested"
    | "clinically-approved"
    | "clinical-changes-requested"
    | "clinical-review-needed";
  comment: string;
  at: number;
}

/** A page of medical content a change set changes, which a clinical reviewer approves. */
export interface MedicalPageView {
  name: string;
  /** Its address on the site, when it has one. */
  path?: string;
}

/** The medical part of a change set. */
export interface ClinicalView {
  /** The medical pages it changes ([]: it needs no clinical review). */
  pages: MedicalPageView[];
  /** Whether a clinical reviewer approved them as they are now. */
  approved: boolean;
  /** Whether publishing waits for that approval (site.json's "clinicalReview"). */
  required: boolean;
}

export interface ChangeSetDetail extends ChangeSetSummary {
  files: FileChangesView[];
  reviews: ReviewView[];
  clinical: ClinicalView;
  /**
   * Saves not on the site's repository yet (a save answers once it is committed in the editor's
   * clone; the push follows): "pending" while on their way, "failed" with git's words while a push
   * fails (kept, and tried again). Absent: everything saved is on the repository.
   */
  push?: { state: "pending" | "failed"; message?: string };
}

/** One page of medical content in the "Reviews due" list, soonest first. */
export interface ReviewDueView {
  name: string;
  path?: string;
  /** The config file that holds it. */
  file: string;
  /** The reviewing doctor's name ("" when the page was never reviewed). */
  reviewer: string;
  reviewed?: string;
  nextReview?: string;
  /** Days until the next review (negative: overdue); absent when never reviewed. */
  daysLeft?: number;
  state: "never" | "overdue" | "due-soon" | "later";
}

export interface ReviewsDueView {
  /** Soonest first: never reviewed, then overdue, then by due date; at most 200. */
  items: ReviewDueView[];
  total: number;
}

/** A field both sides changed differently: the person picks one value. */
export interface ConflictView {
  file: string;
  /** Names the field for a pick (a pointer into the common base; see server/changes/merge.ts). */
  pointer: string;
  /** "Treatment ‘Heart Failure’ › Title". */
  label: string;
  /** This change set's value (undefined: it removed the field). */
  ours: unknown;
  /** The published value. */
  theirs: unknown;
  base: unknown;
}

/** A person's decision on one conflict. */
export interface PickView {
  file: string;
  pointer: string;
  take: "ours" | "theirs";
}

export type UpdateResponse = { upToDate: true } | { conflicts: ConflictView[] };

export interface ProgressView {
  step: string;
  done: number;
  total: number;
  message: string;
}

export interface PublishState {
  state: "idle" | "running" | "published" | "failed" | "refused" | "conflicts";
  progress: ProgressView[];
  message: string;
  conflicts?: ConflictView[];
}

/** The header naming the change set a content request works on. */
export const changeSetHeader = "x-change-set";
/** The header carrying the session's token on every write. */
export const csrfHeader = "x-csrf-token";

export const changesPaths = {
  me: `${apiPrefix}me`,
  changes: `${apiPrefix}changes`,
  change: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}`,
  submit: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/submit`,
  review: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/review`,
  clinicalReview: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/clinical-review`,
  reviewsDue: `${apiPrefix}reviews-due`,
  update: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/update`,
  publish: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/publish`,
  withdraw: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/withdraw`,
  preview: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/preview`,
  readiness: (id: string) => `${apiPrefix}changes/${encodeURIComponent(id)}/readiness`,
} as const;

/** One thing that blocks publishing, where the editor shows it. */
export interface ReadinessProblem {
  /** The file's path ("site-config/blog-posts.json") and its name in the editor ("Blog posts"). */
  file: string;
  fileLabel: string;
  /** The field, by the form's labels ("Post ‘Knee replacement…’ › Sample"). */
  place: string;
  pointer: string;
  line: number;
  message: string;
  /** The treatment the field belongs to, in a collection kept in one file. */
  treatment?: string;
}

/** Whether a change set could be published as it is: the publish check's errors, in the editor's words. */
export interface ReadinessResponse {
  ready: boolean;
  /** Whether site.json says "production" (the check runs when it does; shown either way). */
  production: boolean;
  /** The validator's own summary ("107 errors and 4 warnings in 14 of 108 files."). */
  summary: string;
  problems: ReadinessProblem[];
}
