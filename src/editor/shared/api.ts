/**
 * The editor's JSON API, shared by its server and its browser app. Problems are the validator's
 * own (src/validation/problem.ts): each names its file as the editor does ("site-config/footer.json"),
 * so a problem in another file than the one being saved is told by its `file`.
 */

import type { Language } from "../../shared/i18n/languages";
import type { Problem } from "../../validation/browser";
import type { ConfigFileInfo } from "./config-files";

/** GET /editor/api/files */
export interface FileListResponse {
  /** The English files (translations are opened through their English file and a language). */
  files: ConfigFileInfo[];
  /** The site's languages, the default first. */
  languages: Language[];
  /** Per file path, per language code: how many of its texts have no translation yet. */
  untranslated: Record<string, Record<string, number>>;
}

/** POST /editor/api/translation: the translation of `path` into `lang`, made (a draft) if missing. */
export interface TranslationRequest {
  path: string;
  lang: string;
}

/** A text of an English file in one language, for the translator's view. */
export interface TextState {
  key: string;
  /** The English text now. */
  english: string;
  /**
   * untranslated; stale (its English changed since it was translated); awaiting-review
   * (translated, not yet approved by a reviewer); reviewed.
   */
  state: "untranslated" | "stale" | "awaiting-review" | "reviewed";
  /** The hash of the English the translation was made from, when recorded. */
  source: string | null;
  /** The hash of the English now (a save sends it as the text's source to confirm a translation still fits). */
  current: string;
  /** For a stale text: the English it was made from, from the English file's git history (null: not found there). */
  oldEnglish?: string | null;
}

/** GET /editor/api/translation-state?path=...&lang=...: each text's state in that language. */
export interface TranslationStateResponse {
  /** The translation's editor path. */
  path: string;
  texts: TextState[];
}

/**
 * POST /editor/api/translation-review (reviewers): marks texts of `path`'s translation into `lang`
 * reviewed; every translated text that is not stale when `keys` is left out (the whole page).
 */
export interface ReviewRequest {
  path: string;
  lang: string;
  keys?: string[];
}

export interface ReviewResponse {
  path: string;
  marked: number;
  status: "draft" | "reviewed";
}

/** A file (or a collection folder's treatment) with work to do in a language. */
export interface QueueItem {
  /** The English file's editor path (a folder's treatment page file for a treatment). */
  path: string;
  label: string;
  /** How many texts the English file has: the queue is sorted by it, largest first. */
  texts: number;
  untranslated: number;
  stale: number;
  awaitingReview: number;
}

/** GET /editor/api/translation-queue?lang=te */
export interface QueueResponse {
  lang: string;
  items: QueueItem[];
}

/** GET /editor/api/file?path=... */
export interface FileResponse {
  info: ConfigFileInfo;
  /** The file's text, exactly as on disk. */
  text: string;
  /** sha-256 of the file's bytes: sent back with a save to prove the file is the one opened. */
  hash: string;
}

/** PUT /editor/api/file */
export interface SaveRequest {
  path: string;
  data: unknown;
  /** The hash of the file as it was opened (FileResponse.hash). */
  baseHash: string;
}

/** 200: saved. */
export interface SaveResponse {
  text: string;
  hash: string;
  /** Where the file is now, when the save moved it (a treatment page file follows its slug). */
  path?: string;
  /** A treatment of a collection file whose slug the save changed: its new slug. */
  slug?: string;
  /** Warnings do not stop a save; they are shown. */
  warnings: Problem[];
}

/** 400: refused, nothing written. `errors` name the fields, and the files when they are other files. */
export interface RefusedResponse {
  message: string;
  errors: Problem[];
  warnings: Problem[];
}

/** 409: the file changed on disk since it was opened; nothing written. */
export interface ConflictResponse {
  message: string;
  /** The hash of the file now on disk. */
  hash: string;
}

/** POST /editor/api/check: the same checks as a save, without writing. */
export interface CheckRequest {
  path: string;
  data: unknown;
  /** For one treatment of a collection file: its slug as opened; `data` is that treatment. */
  slug?: string;
}

/** A treatment as a collection's list shows it. */
export interface IndexedTreatment {
  slug: string;
  name: string;
  /** Its page path ("/specialities/cardiology/..."). */
  url?: string;
  /** For a collection stored as a folder: the treatment page file's editor path. */
  path?: string;
  /** Asked with `lang`, for a collection stored as a folder: how many of its texts have no translation into it. */
  untranslated?: number;
}

/**
 * GET /editor/api/untranslated?path=...: a collection folder's untranslated texts in all (its
 * settings' and its treatments'), per language; the file list asks for it once it has painted.
 */
export type UntranslatedResponse = Record<string, number>;

/** GET /editor/api/collection?path=...&q=...&offset=...&limit=...[&lang=te]: a page of a collection's list. */
export interface CollectionIndexResponse {
  /** The collection's editor path: its file, or its folder's _collection.json. */
  path: string;
  storage: "file" | "folder";
  dataFile: string;
  speciality: string;
  /** How many treatment pages the collection has. */
  total: number;
  /** How many of them match the search. */
  matched: number;
  offset: number;
  items: IndexedTreatment[];
}

/**
 * GET /editor/api/entry?path=...&slug=... answers a FileResponse whose text is that treatment
 * alone (its hash is the whole file's); PUT /editor/api/entry saves it, changing only its lines.
 */
export interface EntrySaveRequest extends SaveRequest {
  slug: string;
}

/** POST /editor/api/duplicate: a copy of a treatment, saved beside it under a free slug. */
export interface DuplicateRequest {
  /** The collection's editor path. */
  path: string;
  slug: string;
}

export interface DuplicateResponse {
  slug: string;
  /** For a folder: the copy's own file. */
  path?: string;
}

export interface CheckResponse {
  errors: Problem[];
  warnings: Problem[];
}

/** A page a link can lead to. */
export interface PageChoice {
  route: string;
  /** Its browser title, or a treatment's name. */
  title: string;
  kind: "page" | "entry" | "treatment";
}

/**
 * POST /editor/api/images?name=<the file's own name>: the picture's bytes as the body
 * (application/octet-stream). 201: stored under public/images/uploads/, cleaned of its metadata.
 */
export interface ImageUploadResponse {
  /** The address config names it by ("/images/uploads/knee-x-ray.jpg"). */
  src: string;
  /** Its upright size as stored, in pixels. */
  width: number;
  height: number;
  /** The stored file's size in bytes. */
  bytes: number;
}

/** GET /editor/api/choices: what the pickers offer, from the site as saved. */
export interface ChoicesResponse {
  pages: PageChoice[];
  /** Every picture under public/images, as config names it ("/images/logo.svg"). */
  images: string[];
  specialities: { slug: string; name: string }[];
  branches: { slug: string; name: string }[];
  forms: { id: string; name: string }[];
}

/** A file's text as it is on disk (a file that is not valid JSON, to mend it as text). */
export interface RawFileResponse {
  path: string;
  text: string;
  hash: string;
  /** The first mistake that keeps it from being JSON, with its place; none when it is valid JSON. */
  mistake?: { line: number; column: number; message: string };
}

export interface RawSaveRequest {
  path: string;
  text: string;
  baseHash: string;
}

/** Under /editor/, apart from the site's own /api (the lead relay). */
export const apiPrefix = "/editor/api/";

export const apiPaths = {
  files: `${apiPrefix}files`,
  file: `${apiPrefix}file`,
  check: `${apiPrefix}check`,
  translation: `${apiPrefix}translation`,
  translationState: `${apiPrefix}translation-state`,
  translationReview: `${apiPrefix}translation-review`,
  translationQueue: `${apiPrefix}translation-queue`,
  choices: `${apiPrefix}choices`,
  collection: `${apiPrefix}collection`,
  entry: `${apiPrefix}entry`,
  duplicate: `${apiPrefix}duplicate`,
  untranslated: `${apiPrefix}untranslated`,
  raw: `${apiPrefix}raw`,
  images: `${apiPrefix}images`,
} as const;
