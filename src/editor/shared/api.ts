/**
 * The editor's JSON API, shared by its server and its browser app. Problems are the validator's
 * own (src/validation/problem.ts): each names its file as the editor does ("site-config/footer.json"),
 * so a problem in another file than the one being saved is told by its `file`.
 */
import type { Problem } from "../../validation/browser";
import type { ConfigFileInfo } from "./config-files";

/** GET /editor/api/files */
export interface FileListResponse {
  files: ConfigFileInfo[];
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

/** GET /editor/api/choices: what the pickers offer, from the site as saved. */
export interface ChoicesResponse {
  pages: PageChoice[];
  /** Every picture under public/images, as config names it ("/images/logo.svg"). */
  images: string[];
  specialities: { slug: string; name: string }[];
  branches: { slug: string; name: string }[];
  forms: { id: string; name: string }[];
}

/** Under /editor/, apart from the site's own /api (the lead relay). */
export const apiPrefix = "/editor/api/";

export const apiPaths = {
  files: `${apiPrefix}files`,
  file: `${apiPrefix}file`,
  check: `${apiPrefix}check`,
  choices: `${apiPrefix}choices`,
} as const;
