/**
 * The editor's JSON API: list the config files, read one, check a change, save it.
 *
 * A save is refused (400) when the validator finds errors, and (409) when the file on disk is no
 * longer the one the person opened; otherwise the file is written atomically, in the file's own
 * layout (see shared/json-format.ts), so the diff shows only what changed. Saves of one file run
 * one after another, so two tabs cannot interleave.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type {
  CheckRequest,
  CheckResponse,
  ChoicesResponse,
  ConflictResponse,
  FileListResponse,
  FileResponse,
  RefusedResponse,
  SaveRequest,
  SaveResponse,
} from "../shared/api";
import { apiPaths, apiPrefix } from "../shared/api";
import { printJson } from "../shared/json-format";
import { writeFileAtomic } from "./atomic-write";
import { type Checker, type CheckSetup, candidateChecker } from "./check";
import { siteChoices } from "./choices";
import { type ConfigStore, hashText, NotEditable, type StoredFile } from "./config-store";

export interface ApiOptions {
  store: ConfigStore;
  /** Replaces the validator's checks (tests of the API's own behaviour). */
  check?: Checker;
  checkSetup: CheckSetup;
  /** Told of each file written (the server makes Vite forget its old content). */
  onWrite?: (file: string) => void;
}

const maxBody = 8 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers the API's requests; returns false for any other path. */
export function createApi(options: ApiOptions) {
  const { store } = options;
  const check: Checker = options.check ?? candidateChecker(options.checkSetup);
  const queues = new Map<string, Promise<unknown>>();

  /** Runs saves of one file one after another. */
  function serialised<T>(file: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(file) ?? Promise.resolve();
    const next = previous.then(task, task);
    queues.set(
      file,
      next.catch(() => undefined),
    );
    return next;
  }

  async function candidate(body: CheckRequest): Promise<{ stored: StoredFile; text: string }> {
    if (!body || typeof body.path !== "string") throw new HttpError(400, "The request names no file ('path').");
    if (body.data === null || typeof body.data !== "object" || Array.isArray(body.data))
      throw new HttpError(400, "The request's 'data' must be the file's content, a JSON object.");
    const stored = await store.read(body.path);
    const data = body.data as Record<string, unknown>;
    const before = JSON.parse(stored.text) as Record<string, unknown>;
    if (data.$schema !== before.$schema)
      throw new HttpError(400, `The file's "$schema" cannot change (it is "${String(before.$schema)}").`);
    return { stored, text: printJson(data, stored.text) };
  }

  async function save(body: SaveRequest): Promise<[number, SaveResponse | RefusedResponse | ConflictResponse]> {
    const { stored, text } = await candidate(body);
    if (typeof body.baseHash !== "string")
      throw new HttpError(400, "The request has no 'baseHash' of the file as opened.");
    const conflict = (hash: string): [number, ConflictResponse] => [
      409,
      {
        message: `${stored.info.path} was changed on disk after you opened it (by someone else, or another program). Nothing was saved. Reload it to see the new version, then make your change again.`,
        hash,
      },
    ];
    if (stored.hash !== body.baseHash) return conflict(stored.hash);
    if (text === stored.text) return [200, { text, hash: stored.hash, warnings: [] }];
    const result = await check(stored.absolute, text);
    if (result.errors.length > 0) {
      const count = result.errors.length;
      return [
        400,
        {
          message: `Not saved: ${count === 1 ? "1 problem needs" : `${count} problems need`} fixing first.`,
          errors: result.errors,
          warnings: result.warnings,
        },
      ];
    }
    // The check takes a moment; make sure nobody wrote the file meanwhile.
    let changedTo: string | undefined;
    try {
      await writeFileAtomic(stored.absolute, text, {
        beforeRename: async () => {
          const now = await store.read(stored.info.path);
          if (now.hash !== stored.hash) {
            changedTo = now.hash;
            throw new Error("changed on disk");
          }
        },
      });
    } catch (error) {
      if (changedTo) return conflict(changedTo);
      throw error;
    }
    await result.adopt?.();
    options.onWrite?.(stored.absolute);
    return [200, { text, hash: hashText(text), warnings: result.warnings }];
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? "/", "http://editor.local");
    if (!url.pathname.startsWith(apiPrefix)) return false;
    try {
      guardOrigin(req);
      if (url.pathname === apiPaths.files && req.method === "GET") {
        send(res, 200, { files: await store.list() } satisfies FileListResponse);
      } else if (url.pathname === apiPaths.file && req.method === "GET") {
        const stored = await store.read(url.searchParams.get("path") ?? "");
        send(res, 200, { info: stored.info, text: stored.text, hash: stored.hash } satisfies FileResponse);
      } else if (url.pathname === apiPaths.file && req.method === "PUT") {
        const body = (await readJson(req)) as SaveRequest;
        const [status, answer] = await serialised(String(body?.path), () => save(body));
        send(res, status, answer);
      } else if (url.pathname === apiPaths.choices && req.method === "GET") {
        const { siteRoot, publicDir } = options.checkSetup;
        send(res, 200, (await siteChoices(siteRoot, publicDir)) satisfies ChoicesResponse);
      } else if (url.pathname === apiPaths.check && req.method === "POST") {
        const { stored, text } = await candidate((await readJson(req)) as CheckRequest);
        const result = await check(stored.absolute, text);
        send(res, 200, result satisfies CheckResponse);
      } else {
        throw new HttpError(404, `There is no ${req.method} ${url.pathname}.`);
      }
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, { message: error.message });
      else if (error instanceof NotEditable) send(res, 404, { message: error.message });
      else if ((error as NodeJS.ErrnoException).code === "ENOENT")
        send(res, 404, { message: "That file does not exist." });
      else send(res, 500, { message: (error as Error).message ?? String(error) });
    }
    return true;
  };
}

/**
 * Only the editor's own pages may call the API: a page of another site open in the same browser
 * must not be able to change the config (the browser sends Origin with cross-site requests, and a
 * JSON content type forces a CORS preflight we never answer).
 */
function guardOrigin(req: IncomingMessage) {
  const host = req.headers.host ?? "";
  if (!/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host))
    throw new HttpError(403, "The editor only answers on 127.0.0.1 or localhost.");
  const origin = req.headers.origin;
  if (origin && (origin === "null" || new URL(origin).host !== host))
    throw new HttpError(403, "The editor's API only answers the editor's own pages.");
  if (req.method !== "GET" && !String(req.headers["content-type"] ?? "").startsWith("application/json"))
    throw new HttpError(415, "Send the request as application/json.");
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBody) throw new HttpError(413, "The request is too large.");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "The request is not valid JSON.");
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}
