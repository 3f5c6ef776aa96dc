/** Calls to the editor server's JSON API. */
import type {
  CheckResponse,
  ChoicesResponse,
  CollectionIndexResponse,
  ConflictResponse,
  DuplicateResponse,
  FileListResponse,
  FileResponse,
  ImageUploadResponse,
  QueueResponse,
  RawFileResponse,
  RefusedResponse,
  ReviewResponse,
  SaveResponse,
  TranslationStateResponse,
  UntranslatedResponse,
} from "../shared/api";
import { apiPaths } from "../shared/api";
import { call } from "./session";

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The editor server answered ${response.status}.`);
  return body;
}

export async function listFiles(): Promise<FileListResponse> {
  return json(await call(apiPaths.files));
}

/** A collection folder's untranslated texts in all, per language (its treatments are read on the server). */
export async function untranslatedTotals(path: string): Promise<UntranslatedResponse> {
  return json(await call(`${apiPaths.untranslated}?path=${encodeURIComponent(path)}`, { cache: "no-store" }));
}

/** Each text of an English file in `lang`: its state, and for a stale one the English it was made from. */
export async function translationState(path: string, lang: string): Promise<TranslationStateResponse> {
  const query = `path=${encodeURIComponent(path)}&lang=${encodeURIComponent(lang)}`;
  return json(await call(`${apiPaths.translationState}?${query}`, { cache: "no-store" }));
}

/** The translator's queue of `lang`: untranslated, stale and awaiting review, largest pages first. */
export async function translationQueue(lang: string): Promise<QueueResponse> {
  return json(await call(`${apiPaths.translationQueue}?lang=${encodeURIComponent(lang)}`, { cache: "no-store" }));
}

/** Marks texts of `path`'s translation into `lang` reviewed (reviewers); every fresh text without `keys`. */
export async function markReviewed(path: string, lang: string, keys?: string[]): Promise<ReviewResponse> {
  return json(
    await call(apiPaths.translationReview, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path, lang, keys }),
    }),
  );
}

/** A file's text as it is (a file that is not valid JSON, to mend it). */
export async function readRawFile(path: string): Promise<RawFileResponse> {
  return json(await call(`${apiPaths.raw}?path=${encodeURIComponent(path)}`, { cache: "no-store" }));
}

/** Saves a file's text as typed; refused in words while it is not valid JSON or fails a check. */
export function saveRawFile(path: string, text: string, baseHash: string): Promise<SaveOutcome> {
  return put(apiPaths.raw, { path, text, baseHash });
}

export async function readFile(path: string): Promise<FileResponse> {
  return json(await call(`${apiPaths.file}?path=${encodeURIComponent(path)}`, { cache: "no-store" }));
}

export type SaveOutcome =
  | { kind: "saved"; body: SaveResponse }
  | { kind: "refused"; body: RefusedResponse }
  | { kind: "conflict"; body: ConflictResponse };

export function saveFile(path: string, data: unknown, baseHash: string): Promise<SaveOutcome> {
  return put(apiPaths.file, { path, data, baseHash });
}

async function put(url: string, body: unknown): Promise<SaveOutcome> {
  const response = await call(url, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status === 409) return { kind: "conflict", body: await response.json() };
  if (response.status === 400) {
    const body = (await response.json()) as RefusedResponse;
    if (Array.isArray(body.errors)) return { kind: "refused", body };
    throw new Error(body.message);
  }
  return { kind: "saved", body: await json<SaveResponse>(response) };
}

/** The translation of an English file into `lang`, made (an empty draft) if there is none yet. */
export async function openTranslation(path: string, lang: string): Promise<FileResponse> {
  return json(
    await call(apiPaths.translation, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path, lang }),
    }),
  );
}

export async function checkFile(path: string, data: unknown): Promise<CheckResponse> {
  return json(
    await call(apiPaths.check, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path, data }),
    }),
  );
}

export async function readChoices(): Promise<ChoicesResponse> {
  return json(await call(apiPaths.choices, { cache: "no-store" }));
}

/** A page of a collection's treatments whose name or slug holds every word of `query`. */
export async function listCollection(
  path: string,
  query: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
  /** A language: each treatment of a collection folder then says how much of it is untranslated. */
  lang?: string,
): Promise<CollectionIndexResponse> {
  const params = new URLSearchParams({ path, q: query, offset: String(offset), limit: String(limit) });
  if (lang) params.set("lang", lang);
  return json(await call(`${apiPaths.collection}?${params}`, { cache: "no-store", signal }));
}

/** What an open document is read from, saved to and checked against: a file, or one treatment of a collection file. */
export interface DocSource {
  read: () => Promise<FileResponse>;
  save: (data: unknown, baseHash: string) => Promise<SaveOutcome>;
  check: (data: unknown) => Promise<CheckResponse>;
}

export function fileSource(path: string): DocSource {
  return {
    read: () => readFile(path),
    save: (data, baseHash) => saveFile(path, data, baseHash),
    check: (data) => checkFile(path, data),
  };
}

/** One treatment of a collection file: only its lines of the file change when it is saved. */
export function entrySource(path: string, slug: string): DocSource {
  return {
    read: async () =>
      json(await call(`${apiPaths.entry}?${new URLSearchParams({ path, slug })}`, { cache: "no-store" })),
    save: (data, baseHash) => put(apiPaths.entry, { path, slug, data, baseHash }),
    check: async (data) =>
      json(
        await call(apiPaths.check, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ path, slug, data }),
        }),
      ),
  };
}

/** Saves a copy of a treatment beside it, under a free slug. */
export async function duplicateTreatment(path: string, slug: string): Promise<DuplicateResponse> {
  return json(
    await call(apiPaths.duplicate, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path, slug }),
    }),
  );
}

/** Uploads a picture's bytes, named after its file; refused in the server's words (type, size, dimensions). */
export async function uploadPicture(file: Blob, name: string): Promise<ImageUploadResponse> {
  return json(
    await call(`${apiPaths.images}?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: file,
    }),
  );
}
