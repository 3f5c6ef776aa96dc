/**
 * What the editor can do with one site folder: list its config files, open one, check a change,
 * save it, open a translation. The HTTP routes (routes/content.ts) call these; a hosted editor has
 * one SiteApi per change set (its own git worktree), `npm run edit` one for the working tree.
 *
 * A save is refused (400) when the validator finds errors, and (409) when the file on disk is no
 * longer the one the person opened; otherwise the file is written atomically, in the file's own
 * layout (see shared/json-format.ts), so the diff shows only what changed. Saves of one file run
 * one after another, so two tabs cannot interleave. Each write is reported to `written`, which a
 * hosted editor turns into a commit authored by the person who saved.
 */
import path from "node:path";
import type {
  CheckRequest,
  CheckResponse,
  ConflictResponse,
  FileListResponse,
  FileResponse,
  SaveRequest,
} from "../shared/api";
import { collectionPlace, treatmentFilePath } from "../shared/collection-paths";
import { printJson } from "../shared/json-format";
import { writeFileAtomic } from "./atomic-write";
import { type Checker, type CheckSetup, candidateChecker } from "./check";
import { siteChoices } from "./choices";
import { CollectionIndex, type SharedFolders } from "./collections";
import { type ConfigStore, hashText, type StoredFile } from "./config-store";
import { HttpError } from "./http-error";
import { type CommitAnswers, KeptAnswers } from "./kept-answers";
import { moveTreatment } from "./other-saves";
import { type OnWritten, refused, type SaveAnswer } from "./save-answer";
import { TranslationQueue } from "./translation-queue";
import { stampTranslation } from "./translation-save";
import {
  ensureTranslation,
  FolderUntranslated,
  isTranslation,
  languagesOf,
  translationOf,
  untranslatedCounts,
} from "./translations";

export type { Answer, OnWritten, SaveAnswer, Written } from "./save-answer";
export { refused } from "./save-answer";

export interface SiteApiOptions {
  store: ConfigStore;
  /** Replaces the validator's checks (tests of the API's own behaviour). */
  check?: Checker;
  checkSetup: CheckSetup;
  /** Told of each file written (the dev server makes Vite forget its old content). */
  onWrite?: (absolute: string) => void;
  /** Collection folders shared with other worktrees of one commit (a hosted editor's change sets). */
  folders?: SharedFolders;
  /**
   * What the site folder is at (a hosted editor: its worktree's HEAD commit), when every change to
   * it is either committed or written by this SiteApi: the file list and the pickers' choices are
   * then kept until it moves or this SiteApi writes, rather than read from disk on every request.
   * Absent (`npm run edit`, where anyone may change a file), they are read every time.
   */
  version?: () => Promise<string>;
  /** Whether what changed between two versions leaves the kept answers as they are (kept-answers.ts). */
  carries?: (from: string, to: string) => Promise<boolean>;
  /**
   * Whether a save is flushed to disk before it is answered (atomic-write.ts); default true. A
   * hosted editor's saves are commits of their own: it turns this off.
   */
  flushWrites?: boolean;
  /** Kept answers shared with the site's other worktrees at the same commit (kept-answers.ts). */
  sharedAnswers?: CommitAnswers;
  /**
   * Whether the collections' lists are read as it is made (default true). A hosted editor's change
   * sets share the published site's (`folders`, `sharedAnswers`): listing 10,000 files again for
   * each change set, on the server's thread, held up everyone's requests for as long.
   */
  warm?: boolean;
}

export class SiteApi {
  readonly store: ConfigStore;
  readonly check: Checker;
  readonly index: CollectionIndex;
  readonly folderUntranslated: FolderUntranslated;
  readonly translationQueue: TranslationQueue;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly kept: KeptAnswers;

  constructor(readonly options: SiteApiOptions) {
    this.store = options.store;
    this.check = options.check ?? candidateChecker(options.checkSetup);
    this.index = new CollectionIndex(this.store, options.folders);
    this.folderUntranslated = new FolderUntranslated(this.store);
    this.translationQueue = new TranslationQueue(this.store);
    this.kept = new KeptAnswers({
      version: options.version,
      carries: options.carries,
      shared: options.sharedAnswers,
    });
    // Makes the collections' lists ready before anyone opens one (a folder of 10,000 files takes a moment).
    if (options.warm === false) return;
    void this.store
      .list()
      .then((files) => this.index.warm(files.filter((f) => f.kind === "collection").map((f) => f.path)))
      .catch(() => undefined);
  }

  /** Runs writes of one file one after another. */
  serialised<T>(file: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(file) ?? Promise.resolve();
    const next = previous.then(task, task);
    this.queues.set(
      file,
      next.catch(() => undefined),
    );
    return next;
  }

  /** Tells the hooks that a file was written (or removed). */
  wrote(absolute: string) {
    this.options.onWrite?.(absolute);
    const relative = path.relative(this.store.siteRoot, absolute).split(path.sep).join("/");
    this.kept.wrote(`${this.store.prefix}/${relative}`);
    this.options.folders?.wrote(`${this.store.prefix}/${relative}`);
  }

  /** Its folder's version moved by a commit of files `keepsAnswers` (kept-answers.ts): what is kept holds. */
  movedBy(from: string, to: string): void {
    this.kept.moved(from, to);
  }

  /** The site's files as the sidebar lists them, with the languages and untranslated counts. */
  files(): Promise<FileListResponse> {
    return this.kept.get("files", () => this.listFiles());
  }

  private async listFiles(): Promise<FileListResponse> {
    const { store } = this;
    const files = (await store.list()).filter((f) => !isTranslation(store, f.path));
    const languages = await languagesOf(store);
    const untranslated = await untranslatedCounts(
      store,
      files.map((f) => f.path),
      languages,
      this.folderUntranslated,
    );
    return { files, languages, untranslated };
  }

  async file(file: string): Promise<FileResponse> {
    const stored = await this.store.read(file);
    return { info: stored.info, text: stored.text, hash: stored.hash };
  }

  choices() {
    const { siteRoot, publicDir } = this.options.checkSetup;
    return this.kept.get("choices", () => siteChoices(siteRoot, publicDir));
  }

  /** The translation of an English file into `lang`, made (an empty draft) if there is none yet. */
  async translation(file: unknown, lang: unknown, written?: OnWritten): Promise<FileResponse> {
    const languages = await languagesOf(this.store);
    if (!languages.slice(1).some((l) => l.code === lang))
      throw new HttpError(400, `'${String(lang)}' is not one of the languages site.json lists.`);
    await this.store.read(String(file));
    const target = this.translationPath(String(file), String(lang));
    const existed = await this.store.read(target).then(
      () => true,
      () => false,
    );
    const made = await ensureTranslation(this.store, String(file), String(lang));
    const stored = await this.store.read(made);
    if (!existed) await written?.([{ path: made, before: undefined, after: stored.text }]);
    return { info: stored.info, text: stored.text, hash: stored.hash };
  }

  /** Where `file`'s translation into `lang` is, whether or not it exists yet. */
  translationPath(file: string, lang: string): string {
    return translationOf(this.store, file, lang);
  }

  async candidate(body: CheckRequest): Promise<{ stored: StoredFile; text: string }> {
    if (!body || typeof body.path !== "string") throw new HttpError(400, "The request names no file ('path').");
    if (body.data === null || typeof body.data !== "object" || Array.isArray(body.data))
      throw new HttpError(400, "The request's 'data' must be the file's content, a JSON object.");
    const stored = await this.store.read(body.path);
    const data = body.data as Record<string, unknown>;
    const before = JSON.parse(stored.text) as Record<string, unknown>;
    if (data.$schema !== before.$schema)
      throw new HttpError(400, `The file's "$schema" cannot change (it is "${String(before.$schema)}").`);
    // A translation records the English its changed texts were made from; review marks stay the server's.
    const saved = isTranslation(this.store, body.path)
      ? await stampTranslation(this.store, body.path, stored.text, data)
      : data;
    return { stored, text: printJson(saved, stored.text) };
  }

  /**
   * Where a file's new text goes: its own path, or, for a treatment page file of a collection
   * folder whose slug changed, the file named after the new slug (the old one is then removed).
   */
  destination(stored: StoredFile, data: unknown): string {
    const place = collectionPlace(stored.info.path);
    const slug = (data as { slug?: unknown }).slug;
    if (!place?.slug || typeof slug !== "string" || slug === place.slug || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
      return stored.info.path;
    return treatmentFilePath(place.collection, slug);
  }

  async checkFile(body: CheckRequest): Promise<CheckResponse> {
    const { stored, text } = await this.candidate(body);
    const target = this.destination(stored, body.data);
    const result =
      target === stored.info.path
        ? await this.check(stored.absolute, text)
        : await this.check(this.store.resolve(target) as string, text, stored.absolute);
    return { errors: result.errors, warnings: result.warnings };
  }

  /** Saves a whole file (or a folder's treatment page file, renamed after a new slug). */
  save(body: SaveRequest, written?: OnWritten): Promise<SaveAnswer> {
    return this.serialised(String(body?.path), () => this.saveNow(body, written));
  }

  private async saveNow(body: SaveRequest, written?: OnWritten): Promise<SaveAnswer> {
    const { stored, text } = await this.candidate(body);
    const target = this.destination(stored, body.data);
    if (target !== stored.info.path) return moveTreatment(this, body, stored, text, target, written);
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
    const result = await this.check(stored.absolute, text);
    if (result.errors.length > 0) return refused(result);
    // The check takes a moment; make sure nobody wrote the file meanwhile.
    let changedTo: string | undefined;
    try {
      await writeFileAtomic(stored.absolute, text, {
        flush: this.options.flushWrites,
        beforeRename: async () => {
          const now = await this.store.read(stored.info.path);
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
    this.wrote(stored.absolute);
    await written?.([{ path: stored.info.path, before: stored.text, after: text }]);
    return [200, { text, hash: hashText(text), warnings: result.warnings }];
  }
}
