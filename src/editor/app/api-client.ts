/** Calls to the editor server's JSON API. */
import type {
  CheckResponse,
  ChoicesResponse,
  ConflictResponse,
  FileListResponse,
  FileResponse,
  RefusedResponse,
  SaveResponse,
} from "../shared/api";
import { apiPaths } from "../shared/api";

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The editor server answered ${response.status}.`);
  return body;
}

export async function listFiles(): Promise<FileListResponse> {
  return json(await fetch(apiPaths.files));
}

export async function readFile(path: string): Promise<FileResponse> {
  return json(await fetch(`${apiPaths.file}?path=${encodeURIComponent(path)}`, { cache: "no-store" }));
}

export type SaveOutcome =
  | { kind: "saved"; body: SaveResponse }
  | { kind: "refused"; body: RefusedResponse }
  | { kind: "conflict"; body: ConflictResponse };

export async function saveFile(path: string, data: unknown, baseHash: string): Promise<SaveOutcome> {
  const response = await fetch(apiPaths.file, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path, data, baseHash }),
  });
  if (response.status === 409) return { kind: "conflict", body: await response.json() };
  if (response.status === 400) {
    const body = (await response.json()) as RefusedResponse;
    if (Array.isArray(body.errors)) return { kind: "refused", body };
    throw new Error(body.message);
  }
  return { kind: "saved", body: await json<SaveResponse>(response) };
}

export async function checkFile(path: string, data: unknown): Promise<CheckResponse> {
  return json(
    await fetch(apiPaths.check, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path, data }),
    }),
  );
}

export async function readChoices(): Promise<ChoicesResponse> {
  return json(await fetch(apiPaths.choices, { cache: "no-store" }));
}
