/** Calls to the hosted editor's history API (src/editor/shared/history-api.ts). */

import { collectionPlace, treatmentFilePath } from "../../shared/collection-paths";
import type { HistoryQuery, HistoryResponse, RestoreResponse, VersionResponse } from "../../shared/history-api";
import { historyPaths } from "../../shared/history-api";
import { call } from "../session";

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The editor server answered ${response.status}.`);
  return body;
}

function query(target: HistoryQuery, more: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...target, ...more }))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
}

/** A page of versions, newest first; `skip` is the `next` of the page before. */
export const readHistory = async (target: HistoryQuery, skip?: number): Promise<HistoryResponse> =>
  json(await call(`${historyPaths.history}?${query(target, { skip })}`, { cache: "no-store" }));

export const readVersion = async (target: HistoryQuery, commit: string): Promise<VersionResponse> =>
  json(await call(`${historyPaths.version}?${query(target, { commit })}`, { cache: "no-store" }));

/** Puts the version back in a new change set. */
export const restoreVersion = async (target: HistoryQuery, commit: string): Promise<RestoreResponse> =>
  json(
    await call(historyPaths.restore, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...target, commit }),
    }),
  );

/** What a history is of: the file, a folder collection's treatment file, or a treatment of a collection file. */
export function historyTarget(file: string, treatment: string | undefined, lang: string | undefined): HistoryQuery {
  const collection = collectionPlace(file);
  // In a language, a collection file is translated as a whole (one translation file).
  if (!collection || !treatment || treatment === "settings" || (lang && collection.storage === "file"))
    return { path: file, lang };
  if (collection.storage === "folder") return { path: treatmentFilePath(file, treatment), lang };
  return { path: file, slug: treatment, lang };
}
