/**
 * The editor's content API: one small handler per route, each working on the site the request
 * names (the working tree for `npm run edit`, a change set's worktree in a hosted editor).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type {
  CheckRequest,
  ChoicesResponse,
  CollectionIndexResponse,
  DuplicateRequest,
  EntrySaveRequest,
  FileListResponse,
  FileResponse,
  ImageUploadResponse,
  QueueResponse,
  RawSaveRequest,
  ReviewRequest,
  ReviewResponse,
  SaveRequest,
  TranslationRequest,
  TranslationStateResponse,
  UntranslatedResponse,
} from "../../shared/api";
import { apiPaths } from "../../shared/api";
import { HttpError } from "../http-error";
import { type PictureLimits, PictureRefused, pictureLimits, tooLarge } from "../images/picture";
import { storePicture } from "../images/store";
import { rawFile, saveRaw } from "../other-saves";
import type { OnWritten, SiteApi } from "../site-api";
import { checkEntry, duplicateEntry, openEntry, saveEntry, searchCollection } from "../site-entries";
import { markReviewed, translationState } from "../translation-review";
import { languagesOf } from "../translations";

export interface ContentRoutesOptions {
  /** The site a request works on. */
  site: (request: FastifyRequest) => Promise<SiteApi>;
  /** What to do with what a request wrote (a hosted editor commits it as the person). */
  written?: (request: FastifyRequest, site: SiteApi) => OnWritten | undefined;
  /** Throws an HttpError(403) when the person may not write `file` (an editor path). */
  mayWrite?: (request: FastifyRequest, file: string) => void;
  /** Limits of uploaded pictures; default from the environment (`pictureLimits`). */
  pictures?: PictureLimits;
}

type Query = Record<string, string | undefined>;

export async function contentRoutes(app: FastifyInstance, options: ContentRoutesOptions) {
  const { site } = options;
  const mayWrite = (request: FastifyRequest, file: unknown) => options.mayWrite?.(request, String(file));
  const written = (request: FastifyRequest, on: SiteApi) => options.written?.(request, on);
  const limits = options.pictures ?? pictureLimits();

  app.get(apiPaths.files, async (request): Promise<FileListResponse> => (await site(request)).files());

  app.get<{ Querystring: Query }>(
    apiPaths.file,
    async (request): Promise<FileResponse> => (await site(request)).file(request.query.path ?? ""),
  );

  app.put<{ Body: SaveRequest }>(apiPaths.file, async (request, reply) => {
    const on = await site(request);
    mayWrite(request, request.body?.path);
    const [status, answer] = await on.save(request.body, written(request, on));
    return reply.code(status).send(answer);
  });

  app.post<{ Body: TranslationRequest }>(apiPaths.translation, async (request): Promise<FileResponse> => {
    const on = await site(request);
    const { path, lang } = request.body ?? {};
    // Opening an existing translation only reads it (a reviewer does); making one writes.
    if (typeof path === "string" && typeof lang === "string") {
      const target = on.translationPath(path, lang);
      if (!existsSync(on.store.resolve(target) ?? "")) mayWrite(request, target);
    }
    return on.translation(path, lang, written(request, on));
  });

  app.get<{ Querystring: Query }>(
    apiPaths.translationState,
    async (request): Promise<TranslationStateResponse> =>
      translationState(await site(request), request.query.path, request.query.lang),
  );

  app.get<{ Querystring: Query }>(apiPaths.translationQueue, async (request): Promise<QueueResponse> => {
    const on = await site(request);
    const lang = request.query.lang ?? "";
    if (!(await languagesOf(on.store)).slice(1).some((l) => l.code === lang))
      throw new HttpError(400, `'${lang}' is not one of the languages site.json lists.`);
    return { lang, items: await on.translationQueue.of(lang) };
  });

  // Who may mark texts reviewed is the site's to say (a hosted editor: reviewers only).
  app.post<{ Body: ReviewRequest }>(apiPaths.translationReview, async (request): Promise<ReviewResponse> => {
    const on = await site(request);
    return markReviewed(on, request.body, written(request, on));
  });

  app.get<{ Querystring: Query }>(apiPaths.raw, async (request) =>
    rawFile(await site(request), request.query.path ?? ""),
  );

  app.put<{ Body: RawSaveRequest }>(apiPaths.raw, async (request, reply) => {
    const on = await site(request);
    mayWrite(request, request.body?.path);
    const [status, answer] = await saveRaw(on, request.body, written(request, on));
    return reply.code(status).send(answer);
  });

  app.get(apiPaths.choices, async (request): Promise<ChoicesResponse> => (await site(request)).choices());

  app.post<{ Body: CheckRequest }>(apiPaths.check, async (request) => {
    const on = await site(request);
    return typeof request.body?.slug === "string" ? checkEntry(on, request.body) : on.checkFile(request.body);
  });

  app.get<{ Querystring: Query }>(apiPaths.untranslated, async (request): Promise<UntranslatedResponse> => {
    const on = await site(request);
    return on.folderUntranslated.totals(request.query.path ?? "", await languagesOf(on.store));
  });

  app.get<{ Querystring: Query }>(
    apiPaths.collection,
    async (request): Promise<CollectionIndexResponse> => searchCollection(await site(request), request.query),
  );

  app.get<{ Querystring: Query }>(apiPaths.entry, async (request) =>
    openEntry(await site(request), request.query.path, request.query.slug),
  );

  app.put<{ Body: EntrySaveRequest }>(apiPaths.entry, async (request, reply) => {
    const on = await site(request);
    mayWrite(request, request.body?.path);
    const [status, answer] = await saveEntry(on, request.body, written(request, on));
    return reply.code(status).send(answer);
  });

  app.post<{ Body: DuplicateRequest }>(apiPaths.duplicate, async (request, reply) => {
    const on = await site(request);
    mayWrite(request, request.body?.path);
    const [status, answer] = await duplicateEntry(on, request.body, written(request, on));
    return reply.code(status).send(answer);
  });

  app.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Querystring: Query; Body: Buffer }>(
    apiPaths.images,
    {
      bodyLimit: limits.maxBytes,
      // Fastify's own refusal of a large body, in words that say the limit (others go on up).
      errorHandler: (error: Error & { code?: string }, request, reply) => {
        if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
        return reply.code(413).send({ message: tooLarge(Number(request.headers["content-length"]), limits) });
      },
    },
    async (request, reply) => {
      const on = await site(request);
      const given = request.query.name ?? "";
      const { publicDir, projectRoot } = on.options.checkSetup;
      mayWrite(request, `${path.relative(projectRoot, publicDir)}/images/uploads/${given}`);
      if (!Buffer.isBuffer(request.body))
        throw new HttpError(415, "Send the picture's bytes as the body, as application/octet-stream.");
      try {
        const stored: ImageUploadResponse = await storePicture(
          request.body,
          given,
          { publicDir, root: projectRoot, limits },
          written(request, on),
        );
        return reply.code(201).send(stored);
      } catch (error) {
        if (error instanceof PictureRefused) throw new HttpError(error.status, error.message);
        throw error;
      }
    },
  );
}
