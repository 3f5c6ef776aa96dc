/**
 * History and restore over HTTP: a file's or a treatment's versions on the published branch in
 * words, one version with what restoring it would change, and "Restore this version", which
 * starts a change set holding that version (reviewed and published like any other). Reading needs
 * a role; restoring needs the right to change that very file (roles.ts `writeRefusal`).
 */
import type { FastifyInstance } from "fastify";
import { translationPath } from "../../../shared/i18n/languages";
import { collectionPlace } from "../../shared/collection-paths";
import type {
  HistoryQuery,
  HistoryResponse,
  RestoreRequest,
  RestoreResponse,
  VersionResponse,
} from "../../shared/history-api";
import { historyPaths } from "../../shared/history-api";
import { allow, type EditorDb, type Person } from "../auth";
import {
  changesOf,
  type HistoryTarget,
  history,
  publishedVersion,
  restoredText,
  restoreTitle,
  restoreVersion,
  type SiteWorkspace,
  targetLabel,
  textsAt,
  type VersionInfo,
  versionText,
} from "../changes";
import { HttpError } from "../http-error";
import { authorOf } from "./authors";
import { fieldChangeView, startChangeSet } from "./change-routes";
import { mayEdit, mayRead, writeRefusal } from "./roles";

export interface HistoryRoutesOptions {
  db: EditorDb;
  workspace: SiteWorkspace;
}

type Query = Record<string, string | undefined>;

const editorPath = /^site-config\/(?!i18n\/)[A-Za-z0-9_][A-Za-z0-9._/-]*\.json$/;

/** The file (and treatment) a request names, checked: an English content file, or its translation. */
export function targetOf(query: Partial<HistoryQuery> | undefined): HistoryTarget & { english?: string } {
  const { path, slug, lang } = query ?? {};
  if (typeof path !== "string" || !editorPath.test(path) || path.split("/").includes(".."))
    throw new HttpError(400, "Name a content file of the site ('path'), such as site-config/pages/about-us.json.");
  if (slug !== undefined && (typeof slug !== "string" || collectionPlace(path)?.storage !== "file" || slug === ""))
    throw new HttpError(400, "Only a treatment of a collection file is named by its slug: open the file itself.");
  if (lang === undefined || lang === "") return { file: path, slug };
  if (typeof lang !== "string" || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang))
    throw new HttpError(400, `'${String(lang)}' is not a language code such as 'te'.`);
  return { file: `site-config/${translationPath(path.slice("site-config/".length), lang)}`, slug, english: path };
}

export async function historyRoutes(app: FastifyInstance, options: HistoryRoutesOptions) {
  const { db, workspace } = options;
  const published = workspace.ref("published");

  async function versionOf(commit: unknown): Promise<VersionInfo> {
    const version = typeof commit === "string" ? await publishedVersion(workspace, commit) : undefined;
    if (!version)
      throw new HttpError(404, "There is no such version of the published site: choose one the list shows.");
    return version;
  }

  /** The target's text as published now, and the English file it translates. */
  const now = async (target: HistoryTarget & { english?: string }) =>
    textsAt(workspace.repo, [
      `${published}:${target.file}`,
      ...(target.english ? [`${published}:${target.english}`] : []),
    ]);

  /** The version's whole file, and the changes restoring it would make to the published site now. */
  async function restoring(target: HistoryTarget & { english?: string }, version: VersionInfo) {
    const [[whole], [current, english]] = await Promise.all([
      textsAt(workspace.repo, [`${version.commit}:${target.file}`]),
      now(target),
    ]);
    if (whole === undefined) throw new HttpError(404, "That version does not have it: choose one the list shows.");
    try {
      return changesOf(target, current, restoredText(target, whole, current), english);
    } catch (error) {
      throw new HttpError(409, (error as Error).message);
    }
  }

  app.get<{ Querystring: Query }>(
    historyPaths.history,
    { preHandler: allow(mayRead) },
    async (request): Promise<HistoryResponse> => {
      const target = targetOf(request.query);
      const skip = Number(request.query.skip ?? 0) || 0;
      const limit = Number(request.query.limit ?? 20) || 20;
      const [page, [text, english]] = await Promise.all([
        history(workspace.repo, published, target, { skip, limit }),
        now(target),
      ]);
      return {
        label: targetLabel(target, text, english),
        versions: page.versions.map((v) => ({ ...v, changes: v.changes.map(fieldChangeView) })),
        next: page.next,
      };
    },
  );

  app.get<{ Querystring: Query }>(
    historyPaths.version,
    { preHandler: allow(mayRead) },
    async (request): Promise<VersionResponse> => {
      const target = targetOf(request.query);
      const version = await versionOf(request.query.commit);
      const [text, changes] = await Promise.all([
        versionText(workspace.repo, version.commit, target),
        restoring(target, version),
      ]);
      if (text === undefined) throw new HttpError(404, "That version does not have it: choose one the list shows.");
      return { ...version, text, restoring: changes.map(fieldChangeView) };
    },
  );

  app.post<{ Body: Partial<RestoreRequest> }>(
    historyPaths.restore,
    { preHandler: allow(mayEdit) },
    async (request, reply): Promise<RestoreResponse> => {
      const person = request.person as Person;
      const target = targetOf(request.body);
      const refusal = writeRefusal(person, target.file);
      if (refusal) throw new HttpError(403, refusal);
      const version = await versionOf(request.body?.commit);
      if ((await restoring(target, version)).length === 0)
        throw new HttpError(409, "The published site has this version already: there is nothing to restore.");
      const message = await restoreTitle(workspace, target, version);
      const id = await startChangeSet(db, workspace, person, message.slice(0, 120));
      await restoreVersion(workspace, id, target, version, message, authorOf(person));
      const row = await db.changeSets.get(id);
      reply.code(201);
      return {
        changeSet: {
          id,
          title: row?.title ?? message,
          author: person.name || person.email,
          status: row?.status ?? "open",
          createdAt: row?.createdAt ?? Date.now(),
        },
        message,
      };
    },
  );
}
