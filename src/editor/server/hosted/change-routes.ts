/**
 * Change sets over HTTP: list, start, look at in words, send for review, approve or ask for
 * changes, bring up to date, publish and follow its progress, withdraw. Every route says who may
 * call it (roles.ts); the auth plugin answers 403 to everyone else, and to everyone signed out.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type {
  ChangeSetDetail,
  ChangeSetSummary,
  FieldChangeView,
  PickView,
  PublishState,
  UpdateResponse,
} from "../../shared/changes-api";
import { changesPaths } from "../../shared/changes-api";
import { allow, type ChangeSetRow, type EditorDb, type Person } from "../auth";
import type { FieldChange, PushState, SiteWorkspace } from "../changes";
import { HttpError } from "../http-error";
import { authorOf } from "./authors";
import type { ChangeSites } from "./change-sites";
import type { ClinicalReview } from "./clinical";
import type { Publisher } from "./publisher";
import { mayEdit, mayPublish, mayRead, mayReview, mayUpdate } from "./roles";
import { changeSetIn, openChangeSetIn, verdictOf } from "./verdicts";

export interface ChangeRoutesOptions {
  db: EditorDb;
  workspace: SiteWorkspace;
  sites: ChangeSites;
  publisher: Publisher;
  clinical: ClinicalReview;
}

type WithId = { Params: { id: string } };

const person = (request: FastifyRequest) => request.person as Person;

/** A new change set's id: short, readable in a branch name, unguessable enough not to collide. */
const newId = () => randomBytes(6).toString("hex");

/** Starts a change set named `title` for `by`: its branch and worktree, and its row; returns its id. */
export async function startChangeSet(
  db: EditorDb,
  workspace: SiteWorkspace,
  by: Person,
  title: string,
): Promise<string> {
  const id = newId();
  await workspace.create(id, authorOf(by), title);
  await db.changeSets.create({ id, title, author: by.id, createdAt: Date.now() });
  return id;
}

/** Where a change set's saves are on their way to the repository, when they are not all there. */
const pushView = (state: PushState | undefined): Pick<ChangeSetDetail, "push"> =>
  state ? { push: { state: state.state, message: state.message } } : {};

/** A field change as the app shows it (the values stay on the server: the words carry them). */
export const fieldChangeView = ({ file, pointer, label, kind, words }: FieldChange): FieldChangeView => ({
  file,
  pointer,
  label,
  kind,
  words,
});

export async function changeRoutes(app: FastifyInstance, options: ChangeRoutesOptions) {
  const { db, workspace, sites, publisher, clinical } = options;
  const names = new Map<string, string>();

  async function nameOf(id: string): Promise<string> {
    if (!names.has(id)) {
      const people = await db.people.list();
      for (const p of people) names.set(p.id, p.name || p.email);
    }
    return names.get(id) ?? "someone";
  }

  async function summary(row: ChangeSetRow): Promise<ChangeSetSummary> {
    return {
      id: row.id,
      title: row.title,
      author: await nameOf(row.author),
      status: row.status,
      createdAt: row.createdAt,
    };
  }

  const open = (id: string) => changeSetIn(db, id);
  const stillOpen = (id: string) => openChangeSetIn(db, id);

  app.get(changesPaths.changes, { preHandler: allow(mayRead) }, async (): Promise<ChangeSetSummary[]> => {
    const rows = await db.changeSets.list();
    return Promise.all(rows.map(summary));
  });

  app.post<{ Body: { title?: unknown } }>(
    changesPaths.changes,
    { preHandler: allow(mayEdit) },
    async (request, reply) => {
      const title = typeof request.body?.title === "string" ? request.body.title.trim().slice(0, 120) : "";
      if (!title)
        throw new HttpError(400, "Give the change set a name that says what it changes, such as 'Menu: About us'.");
      const id = await startChangeSet(db, workspace, person(request), title);
      return reply.code(201).send(await summary(await open(id)));
    },
  );

  app.get<WithId>(
    "/editor/api/changes/:id",
    { preHandler: allow(mayRead) },
    async (request): Promise<ChangeSetDetail> => {
      const row = await open(request.params.id);
      const [files, reviews] = await Promise.all([
        row.status === "published" ? Promise.resolve([]) : workspace.review(row.id),
        db.changeSets.reviews(row.id),
      ]);
      return {
        ...(await summary(row)),
        files: files.map((f) => ({
          file: f.file,
          fileLabel: f.fileLabel,
          pages: f.pages,
          changes: f.changes.map(fieldChangeView),
        })),
        reviews: await Promise.all(
          reviews.map(async (r) => ({ by: await nameOf(r.by), verdict: r.verdict, comment: r.comment, at: r.at })),
        ),
        clinical:
          row.status === "published"
            ? { pages: [], approved: false, required: false }
            : await clinical.view(row.id, reviews),
        ...pushView(workspace.pushState(row.id)),
      };
    },
  );

  app.post<WithId>("/editor/api/changes/:id/submit", { preHandler: allow(mayEdit) }, async (request) => {
    const row = await stillOpen(request.params.id);
    await db.changeSets.setStatus(row.id, "in-review", person(request).id);
    return summary(await open(row.id));
  });

  app.post<WithId & { Body: { verdict?: unknown; comment?: unknown } }>(
    "/editor/api/changes/:id/review",
    { preHandler: allow(mayReview) },
    async (request) => {
      const row = await stillOpen(request.params.id);
      const { verdict, comment } = verdictOf(request.body);
      const by = person(request).id;
      await db.changeSets.addReview(row.id, { by, verdict, comment, at: Date.now() });
      await db.changeSets.setStatus(row.id, verdict, by);
      await app.audit.record({
        actor: by,
        action: verdict === "approved" ? "approve" : "request-changes",
        detail: { changeSet: row.id, title: row.title, comment },
      });
      return summary(await open(row.id));
    },
  );

  app.post<WithId & { Body: { picks?: PickView[] } }>(
    "/editor/api/changes/:id/update",
    { preHandler: allow(mayUpdate) },
    async (request): Promise<UpdateResponse> => {
      const row = await stillOpen(request.params.id);
      const picks = Array.isArray(request.body?.picks) ? request.body.picks : undefined;
      const result = await workspace.update(row.id, picks, authorOf(person(request)));
      sites.forget(row.id);
      return result;
    },
  );

  app.post<WithId & { Body: { picks?: PickView[] } }>(
    "/editor/api/changes/:id/publish",
    { preHandler: allow(mayPublish) },
    async (request, reply): Promise<PublishState> => {
      const row = await stillOpen(request.params.id);
      if (row.status !== "approved")
        throw new HttpError(409, "A reviewer has not approved this change set yet: it cannot be published.");
      const refusal = await clinical.publishRefusal(row.id, await db.changeSets.reviews(row.id));
      if (refusal) throw new HttpError(409, refusal);
      if (publisher.state(row.id).state === "running") return publisher.state(row.id);
      const picks = Array.isArray(request.body?.picks) ? request.body.picks : undefined;
      await app.audit.record({
        actor: person(request).id,
        action: "publish",
        detail: { changeSet: row.id, title: row.title },
      });
      reply.code(202);
      return publisher.start(row.id, authorOf(person(request)), picks);
    },
  );

  app.get<WithId>("/editor/api/changes/:id/publish", { preHandler: allow(mayRead) }, async (request) => {
    await open(request.params.id);
    return publisher.state(request.params.id);
  });

  app.post<WithId>("/editor/api/changes/:id/withdraw", { preHandler: allow(mayEdit) }, async (request) => {
    const row = await stillOpen(request.params.id);
    await db.changeSets.setStatus(row.id, "withdrawn", person(request).id);
    sites.forget(row.id);
    return summary(await open(row.id));
  });
}
