/**
 * `npm run editor`: the hosted editor for the content team. Built ahead (no Vite dev server),
 * served by Fastify: sign-in (auth/), the content API on the change set a request names, change
 * sets, review and publishing (change-routes.ts), the built editor app and the site as published
 * or as a change set would publish it (files.ts). It works on its own clone of the site's git
 * repository (changes/), never on a developer's working tree.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiPaths } from "../../shared/api";
import { changeSetHeader } from "../../shared/changes-api";
import { createEditorApp } from "../app";
import type { AuthSettings } from "../auth";
import { registerAuth } from "../auth";
import type { EditorDb } from "../auth/db";
import type { Person } from "../auth/types";
import { buildSteps, commitMessage, type PublishSteps, SiteWorkspace } from "../changes";
import { CheckThread } from "../check-thread";
import { HttpError } from "../http-error";
import { keepsAnswers } from "../kept-answers";
import { contentRoutes } from "../routes/content";
import type { Written } from "../site-api";
import { buildEditorApp } from "./app-build";
import { authorOf } from "./authors";
import { changeRoutes } from "./change-routes";
import { ChangeSites } from "./change-sites";
import { ClinicalReview, clinicallyApproved } from "./clinical";
import { clinicalRoutes } from "./clinical-routes";
import { registerFiles } from "./files";
import { headOf } from "./git-head";
import { historyRoutes } from "./history-routes";
import { medicalFile } from "./medical";
import { previewRoutes } from "./preview";
import { Publisher } from "./publisher";
import { readinessRoutes } from "./readiness";
import { mayEdit, mayRead, mayReview, writeRefusal } from "./roles";
import { registerEditorSecurity } from "./security";
import type { HostedSettings } from "./settings";
import { PublishedFolders } from "./shared-folders";

export interface HostedOptions {
  settings: HostedSettings;
  /** Sign-in settings, with the open editor database. */
  auth: AuthSettings;
  /** The project (its node_modules serve every build); default this checkout. */
  projectRoot?: string;
  /** Fastify's log lines; default off. */
  logger?: boolean;
  /** Where built editor apps are kept, by published commit; default `<dataDir>/app`. */
  appRoot?: string;
  /** Replaces the publish check, build and deploy (tests of the API itself). */
  steps?: PublishSteps;
  /** Today (YYYY-MM-DD) for medical reviews; default the clock's. Tests fix it. */
  today?: () => string;
  /** Pause before a failed push of a change set is tried again, in ms; default 2 s (tests shorten it). */
  pushRetryMs?: number;
}

export interface RunningHostedEditor {
  url: string;
  /** Every route the server answers, as "METHOD /path" (the role matrix test walks them). */
  routes: string[];
  port: number;
  workspace: SiteWorkspace;
  db: EditorDb;
  /** Resolves once every save is on the remote (saves answer before their push: tests wait here). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

const defaultRoot = path.resolve(import.meta.dirname, "../../../..");

export async function startHostedEditor(options: HostedOptions): Promise<RunningHostedEditor> {
  const { settings } = options;
  const projectRoot = path.resolve(options.projectRoot ?? defaultRoot);
  const { db } = options.auth;
  let warn = (line: string) => console.warn(line);
  const workspace = await SiteWorkspace.open({
    dataDir: settings.dataDir,
    remote: settings.remote,
    projectRoot,
    publishedBranch: settings.publishedBranch,
    pushRetryMs: options.pushRetryMs,
    // The change set keeps its saves and shows the failure; the log tells whoever runs the service.
    onPushFailure: (id, message) => warn(`Change set ${id} could not be pushed (retrying): ${message}`),
  });
  const checks = new CheckThread(workspace.publishedDir());
  const folders = new PublishedFolders(workspace.publishedDir());
  const sites = new ChangeSites(workspace, checks, folders);
  const clinical = new ClinicalReview(workspace);
  /**
   * The published site's file list and pickers' choices, made now rather than when the first
   * person asks: every change set started from the published commit shares them (kept-answers.ts),
   * and at 10,000 treatments making them takes seconds.
   */
  const warmLists = () => {
    const published = sites.published();
    void Promise.all([published.files(), published.choices()]).catch(() => undefined);
  };
  const appRoot = options.appRoot ?? path.join(settings.dataDir, "app");
  let appDir = (await buildEditorApp(workspace.publishedDir(), appRoot, await headOf(workspace.publishedDir()))).dir;
  const publicHost = new URL(settings.publicOrigin).host;

  let site: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined;
  const app = createEditorApp({
    allowedHost: (host) => host === publicHost,
    // The site's pages (the published site, or a change set's preview): what no route answers.
    fallback: async (request, reply) => site?.(request, reply),
    hostRefusal: `The editor answers at ${settings.publicOrigin} only.`,
    trustProxy: settings.trustProxy,
    logger: options.logger,
  });
  warn = (line) => app.log.warn(line);
  const routes: string[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push(`${method} ${route.url}`);
  });
  await registerEditorSecurity(app);
  await registerAuth(app, options.auth);

  /** The change set a content request works on: the header's, which must be open. */
  async function changeSetOf(request: FastifyRequest, writing: boolean): Promise<string | undefined> {
    const id = request.headers[changeSetHeader];
    if (typeof id !== "string" || id === "") {
      if (writing) throw new HttpError(400, "Choose a change set (or start one) before you change anything.");
      return undefined;
    }
    const row = await db.changeSets.get(id);
    if (!row) throw new HttpError(404, "There is no change set with that id.");
    if (writing && (row.status === "published" || row.status === "withdrawn"))
      throw new HttpError(409, `This change set was ${row.status}: start a new one for further changes.`);
    return id;
  }

  const writes = new Set(["PUT", "POST", "DELETE", "PATCH"]);
  await app.register(contentRoutes, {
    site: async (request) => {
      const person = request.person as Person | null;
      // check is a POST that writes nothing: a reviewer may check too.
      const writing = writes.has(request.method) && !request.url.startsWith("/editor/api/check");
      // Marking translations reviewed writes into a change set, as a reviewer: never the translator's own say.
      const reviewing = request.url.startsWith(apiPaths.translationReview);
      // Opening a translation writes only when it is missing: the route asks mayWrite then.
      const opening = request.url === apiPaths.translation;
      const allowed = reviewing ? mayReview : writing && !opening ? mayEdit : mayRead;
      if (!person || !allowed(person))
        throw new HttpError(
          403,
          reviewing ? "Only a reviewer can mark translations reviewed." : "Your role does not allow this.",
        );
      const id = await changeSetOf(request, writing);
      return id ? sites.of(id) : sites.published();
    },
    mayWrite: (request, file) => {
      const refusal = writeRefusal(request.person as Person, file);
      if (refusal) throw new HttpError(403, refusal);
    },
    written: (request, site) => async (files: Written[]) => {
      const id = String(request.headers[changeSetHeader]);
      const person = request.person as Person;
      const message = files
        .map(
          (f) =>
            f.words ??
            commitMessage(
              f.path,
              f.before === undefined ? undefined : JSON.parse(f.before),
              f.after === undefined ? undefined : JSON.parse(f.after),
            ),
        )
        .join("\n");
      const { parent, commit } = await workspace.commitFiles(
        id,
        files.map((f) => f.path),
        message,
        authorOf(person),
      );
      // A treatment's text saved: the file list and choices kept for the commit before still hold.
      if (files.every((f) => f.before !== undefined && f.after !== undefined && keepsAnswers(f.path)))
        site.movedBy(parent, commit);
      void checks.wrote(workspace.dir(id), files).catch(() => undefined);
      const row = await db.changeSets.get(id);
      // An approval was for what the reviewer saw: a later change needs another look.
      if (row?.status === "approved" || row?.status === "changes-requested")
        await db.changeSets.setStatus(id, "in-review", person.id);
      // So was a clinical approval, of the medical pages: a save of one needs the doctor again.
      if (files.some((f) => medicalFile(f.path)) && clinicallyApproved(await db.changeSets.reviews(id)))
        await db.changeSets.addReview(id, {
          by: person.id,
          verdict: "clinical-review-needed",
          comment: "Medical content changed after the clinical approval.",
          at: Date.now(),
        });
    },
  });

  const steps =
    options.steps ?? buildSteps({ projectRoot, deploy: { command: settings.deployCommand, url: settings.deployUrl } });
  const publisher = new Publisher({
    workspace,
    steps,
    onPublished: async (id) => {
      sites.forget(id);
      // Saves are checked against the published site: its snapshot is made again, in the checks' thread.
      void checks.refresh().catch(() => undefined);
      folders.refresh();
      warmLists();
      await db.changeSets.setStatus(id, "published", "publisher");
      // The preview frame shows the published site with drafts applied: rebuilt for the new commit.
      const built = await buildEditorApp(workspace.publishedDir(), appRoot, await headOf(workspace.publishedDir()));
      appDir = built.dir;
    },
  });
  if (!existsSync(path.join(workspace.publishedDir(), "dist", "shell.html")))
    publisher.buildPublished((line) => app.log.info(line));
  await app.register(changeRoutes, { db, workspace, sites, publisher, clinical });
  await app.register(clinicalRoutes, { db, workspace, sites, clinical, today: options.today });
  await app.register(historyRoutes, { db, workspace });
  await app.register(previewRoutes, { workspace, build: steps.build });
  await app.register(readinessRoutes, { workspace, projectRoot });
  site = await registerFiles(app, {
    appDir: () => appDir,
    siteDir: (preview) =>
      preview ? path.join(workspace.dir(preview), "dist") : path.join(workspace.publishedDir(), "dist"),
  });

  // The published site's snapshot, made while the server starts to answer (in the checks' thread).
  void checks.refresh().catch((error: Error) => app.log.warn(`The checks' snapshot failed: ${error.message}`));
  warmLists();
  await app.listen({ port: settings.port, host: settings.host });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: `http://${settings.host}:${port}`,
    routes,
    port,
    workspace,
    db,
    idle: () => workspace.idle(),
    async close() {
      workspace.close();
      app.server.closeAllConnections();
      await app.close();
      await checks.close();
    },
  };
}
