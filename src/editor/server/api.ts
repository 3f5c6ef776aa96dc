/**
 * The editor's JSON API: list the config files, read one, check a change, save it.
 *
 * A save is refused (400) when the validator finds errors, and (409) when the file on disk is no
 * longer the one the person opened; otherwise the file is written atomically, in the file's own
 * layout (see shared/json-format.ts), so the diff shows only what changed. Saves of one file run
 * one after another, so two tabs cannot interleave.
 */

import { rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Problem } from "../../validation";
import type {
  CheckRequest,
  CheckResponse,
  ChoicesResponse,
  CollectionIndexResponse,
  ConflictResponse,
  DuplicateRequest,
  DuplicateResponse,
  EntrySaveRequest,
  FileListResponse,
  FileResponse,
  RefusedResponse,
  SaveRequest,
  SaveResponse,
  TranslationRequest,
  UntranslatedResponse,
} from "../shared/api";
import { apiPaths, apiPrefix } from "../shared/api";
import { collectionPlace, treatmentFilePath } from "../shared/collection-paths";
import type { ConfigFileInfo } from "../shared/config-files";
import { printJson } from "../shared/json-format";
import { copyOfItem } from "../shared/parts";
import { writeFileAtomic } from "./atomic-write";
import { type Checker, type CheckResult, type CheckSetup, candidateChecker } from "./check";
import { siteChoices } from "./choices";
import { CollectionIndex } from "./collections";
import { type ConfigStore, hashText, NotEditable, type StoredFile } from "./config-store";
import {
  ensureTranslation,
  FolderUntranslated,
  isTranslation,
  languagesOf,
  treatmentsUntranslated,
  untranslatedCounts,
} from "./translations";

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

function refused(result: CheckResult): [number, RefusedResponse] {
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

/** Answers the API's requests; returns false for any other path. */
export function createApi(options: ApiOptions) {
  const { store } = options;
  const check: Checker = options.check ?? candidateChecker(options.checkSetup);
  const queues = new Map<string, Promise<unknown>>();
  /** Makes the collections' lists ready before anyone opens one (a folder of 10,000 files takes a moment). */
  void store
    .list()
    .then((files) => index.warm(files.filter((f) => f.kind === "collection").map((f) => f.path)))
    .catch(() => undefined);

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

  const index = new CollectionIndex(store);
  const folderUntranslated = new FolderUntranslated(store);

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

  /**
   * Where a file's new text goes: its own path, or, for a treatment page file of a collection
   * folder whose slug changed, the file named after the new slug (the old one is then removed).
   */
  function destination(stored: StoredFile, data: unknown): string {
    const place = collectionPlace(stored.info.path);
    const slug = (data as { slug?: unknown }).slug;
    if (!place?.slug || typeof slug !== "string" || slug === place.slug || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
      return stored.info.path;
    return treatmentFilePath(place.collection, slug);
  }

  async function save(body: SaveRequest): Promise<[number, SaveResponse | RefusedResponse | ConflictResponse]> {
    const { stored, text } = await candidate(body);
    const target = destination(stored, body.data);
    if (target !== stored.info.path) return move(body, stored, text, target);
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
    if (result.errors.length > 0) return refused(result);
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

  /** A treatment page file saved under its new slug: the new file written, then the old one removed. */
  async function move(
    body: SaveRequest,
    stored: StoredFile,
    text: string,
    target: string,
  ): Promise<[number, SaveResponse | RefusedResponse | ConflictResponse]> {
    if (stored.hash !== body.baseHash)
      return [
        409,
        {
          message: `${stored.info.path} was changed on disk after you opened it. Nothing was saved. Reload it, then make your change again.`,
          hash: stored.hash,
        },
      ];
    const absolute = store.resolve(target) as string;
    if (
      await store.read(target).then(
        () => true,
        () => false,
      )
    ) {
      const slug = path.basename(target, ".json");
      return [
        400,
        {
          message: `Not saved: another treatment page already has the slug '${slug}'. Choose another one.`,
          errors: [],
          warnings: [],
        },
      ];
    }
    const result = await check(absolute, text, stored.absolute);
    if (result.errors.length > 0) return refused(result);
    await writeFileAtomic(absolute, text);
    await rm(stored.absolute);
    await result.adopt?.();
    options.onWrite?.(absolute);
    options.onWrite?.(stored.absolute);
    return [200, { text, hash: hashText(text), warnings: result.warnings, path: target }];
  }

  /** One treatment of a collection file: the file, its data, and where the treatment is in it. */
  async function readEntry(file: unknown, slug: unknown) {
    const place = index.place(file);
    if (place.storage !== "file")
      throw new HttpError(400, "This collection is a folder: open the treatment page's own file.");
    const stored = await store.read(place.collection);
    const doc = JSON.parse(stored.text) as Record<string, unknown>;
    const list = Array.isArray(doc.sub_departments) ? (doc.sub_departments as Record<string, unknown>[]) : [];
    const at = list.findIndex((item) => item?.slug === slug);
    if (at < 0) throw new NotEditable(`${place.collection} has no treatment page with the slug '${String(slug)}'.`);
    const item = list[at];
    const info: ConfigFileInfo = {
      path: place.collection,
      schema: "treatment-page.schema.json",
      kind: "treatment",
      group: "Treatments",
      label: typeof item.name === "string" ? item.name : String(slug),
      detail: String(slug),
    };
    return { stored, doc, list, at, info };
  }

  const entryText = (item: unknown) => `${JSON.stringify(item, null, 2)}\n`;

  /** The collection file's text with the treatment at `at` replaced: only its lines change. */
  function withEntry(entry: Awaited<ReturnType<typeof readEntry>>, data: unknown): string {
    if (data === null || typeof data !== "object" || Array.isArray(data))
      throw new HttpError(400, "The request's 'data' must be the treatment page, a JSON object.");
    const list = [...entry.list];
    list[entry.at] = data as Record<string, unknown>;
    return printJson({ ...entry.doc, sub_departments: list }, entry.stored.text);
  }

  /** A check's problems as seen from one treatment: its own at its own fields. */
  function forEntry(result: CheckResult, file: string, at: number): CheckResult {
    const prefix = `/sub_departments/${at}`;
    const rebase = (p: Problem): Problem =>
      p.file === file && (p.pointer === prefix || p.pointer.startsWith(`${prefix}/`))
        ? { ...p, pointer: p.pointer.slice(prefix.length) }
        : p;
    return { ...result, errors: result.errors.map(rebase), warnings: result.warnings.map(rebase) };
  }

  async function saveEntry(
    body: EntrySaveRequest,
  ): Promise<[number, SaveResponse | RefusedResponse | ConflictResponse]> {
    const entry = await readEntry(body?.path, body?.slug);
    const { stored } = entry;
    if (stored.hash !== body.baseHash)
      return [
        409,
        {
          message: `${stored.info.path} was changed on disk after you opened this treatment page (by someone else, or another program). Nothing was saved. Reload it to see the new version, then make your change again.`,
          hash: stored.hash,
        },
      ];
    const text = withEntry(entry, body.data);
    if (text === stored.text) return [200, { text: entryText(entry.list[entry.at]), hash: stored.hash, warnings: [] }];
    const result = forEntry(await check(stored.absolute, text), stored.info.path, entry.at);
    if (result.errors.length > 0) return refused(result);
    await writeFileAtomic(stored.absolute, text, {
      beforeRename: async () => {
        if ((await store.read(stored.info.path)).hash !== stored.hash) throw new HttpError(409, "changed on disk");
      },
    });
    await result.adopt?.();
    options.onWrite?.(stored.absolute);
    const slug = (body.data as { slug?: unknown }).slug;
    const renamed = typeof slug === "string" && slug !== body.slug ? { slug } : {};
    return [200, { text: entryText(body.data), hash: hashText(text), warnings: result.warnings, ...renamed }];
  }

  /** A copy of a treatment under a free slug, checked and saved beside the original. */
  async function duplicate(body: DuplicateRequest): Promise<[number, DuplicateResponse | RefusedResponse]> {
    const place = index.place(body?.path);
    const { items } = await index.entries(place);
    const taken = new Set(items.map((i) => i.slug));
    if (place.storage === "folder") {
      const original = await store.read(treatmentFilePath(place.collection, String(body.slug)));
      const copy = copyOfItem(JSON.parse(original.text), (slug) => taken.has(slug));
      const slug = String(copy.slug);
      const target = treatmentFilePath(place.collection, slug);
      const absolute = store.resolve(target) as string;
      const text = printJson(copy, original.text);
      const result = await check(absolute, text);
      if (result.errors.length > 0) return refused(result);
      await writeFileAtomic(absolute, text);
      await result.adopt?.();
      options.onWrite?.(absolute);
      return [200, { slug, path: target }];
    }
    const entry = await readEntry(place.collection, body.slug);
    const copy = copyOfItem(entry.list[entry.at], (slug) => taken.has(slug));
    const list = [...entry.list];
    list.splice(entry.at + 1, 0, copy);
    const text = printJson({ ...entry.doc, sub_departments: list }, entry.stored.text);
    const result = await check(entry.stored.absolute, text);
    if (result.errors.length > 0) return refused(result);
    await writeFileAtomic(entry.stored.absolute, text);
    await result.adopt?.();
    options.onWrite?.(entry.stored.absolute);
    return [200, { slug: String(copy.slug) }];
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? "/", "http://editor.local");
    if (!url.pathname.startsWith(apiPrefix)) return false;
    try {
      guardOrigin(req);
      if (url.pathname === apiPaths.files && req.method === "GET") {
        const files = (await store.list()).filter((f) => !isTranslation(store, f.path));
        const languages = await languagesOf(store);
        const untranslated = await untranslatedCounts(
          store,
          files.map((f) => f.path),
          languages,
        );
        send(res, 200, { files, languages, untranslated } satisfies FileListResponse);
      } else if (url.pathname === apiPaths.file && req.method === "GET") {
        const stored = await store.read(url.searchParams.get("path") ?? "");
        send(res, 200, { info: stored.info, text: stored.text, hash: stored.hash } satisfies FileResponse);
      } else if (url.pathname === apiPaths.file && req.method === "PUT") {
        const body = (await readJson(req)) as SaveRequest;
        const [status, answer] = await serialised(String(body?.path), () => save(body));
        send(res, status, answer);
      } else if (url.pathname === apiPaths.translation && req.method === "POST") {
        const body = (await readJson(req)) as TranslationRequest;
        const languages = await languagesOf(store);
        if (!languages.slice(1).some((l) => l.code === body?.lang))
          throw new HttpError(400, `'${String(body?.lang)}' is not one of the languages site.json lists.`);
        await store.read(String(body.path));
        const stored = await store.read(await ensureTranslation(store, body.path, body.lang));
        send(res, 200, { info: stored.info, text: stored.text, hash: stored.hash } satisfies FileResponse);
      } else if (url.pathname === apiPaths.choices && req.method === "GET") {
        const { siteRoot, publicDir } = options.checkSetup;
        send(res, 200, (await siteChoices(siteRoot, publicDir)) satisfies ChoicesResponse);
      } else if (url.pathname === apiPaths.check && req.method === "POST") {
        const body = (await readJson(req)) as CheckRequest;
        if (typeof body?.slug === "string") {
          const entry = await readEntry(body.path, body.slug);
          const text = withEntry(entry, body.data);
          const result = forEntry(await check(entry.stored.absolute, text), entry.stored.info.path, entry.at);
          send(res, 200, { errors: result.errors, warnings: result.warnings } satisfies CheckResponse);
        } else {
          const { stored, text } = await candidate(body);
          const target = destination(stored, body.data);
          const result =
            target === stored.info.path
              ? await check(stored.absolute, text)
              : await check(store.resolve(target) as string, text, stored.absolute);
          send(res, 200, { errors: result.errors, warnings: result.warnings } satisfies CheckResponse);
        }
      } else if (url.pathname === apiPaths.untranslated && req.method === "GET") {
        const totals = await folderUntranslated.totals(url.searchParams.get("path") ?? "", await languagesOf(store));
        send(res, 200, totals satisfies UntranslatedResponse);
      } else if (url.pathname === apiPaths.collection && req.method === "GET") {
        const q = url.searchParams;
        const answer = await index.search(
          q.get("path"),
          q.get("q") ?? "",
          Number(q.get("offset") ?? 0) || 0,
          Number(q.get("limit") ?? 50) || 50,
        );
        // In a language the site has: how much of each listed treatment is still to translate.
        const lang = q.get("lang");
        const translated = lang ? (await languagesOf(store)).slice(1).some((l) => l.code === lang) : false;
        if (lang && translated && answer.storage === "folder") {
          const counts = await treatmentsUntranslated(store, answer.items, lang);
          answer.items = answer.items.map((item) => ({ ...item, untranslated: counts[item.slug] }));
        }
        send(res, 200, answer satisfies CollectionIndexResponse);
      } else if (url.pathname === apiPaths.entry && req.method === "GET") {
        const entry = await readEntry(url.searchParams.get("path"), url.searchParams.get("slug"));
        const text = entryText(entry.list[entry.at]);
        send(res, 200, { info: entry.info, text, hash: entry.stored.hash } satisfies FileResponse);
      } else if (url.pathname === apiPaths.entry && req.method === "PUT") {
        const body = (await readJson(req)) as EntrySaveRequest;
        const [status, answer] = await serialised(String(body?.path), () => saveEntry(body));
        send(res, status, answer);
      } else if (url.pathname === apiPaths.duplicate && req.method === "POST") {
        const body = (await readJson(req)) as DuplicateRequest;
        const [status, answer] = await serialised(String(body?.path), () => duplicate(body));
        send(res, status, answer);
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
