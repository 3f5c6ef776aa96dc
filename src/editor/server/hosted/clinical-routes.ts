/**
 * Clinical review over HTTP: a clinical reviewer (a doctor) approves the medical part of a change
 * set, or asks for changes to it; reviewers and clinical reviewers read which medical pages of
 * the published site fall due for review. Every route says who may call it (roles.ts).
 */
import type { FastifyInstance } from "fastify";
import { todayIso } from "../../../shared/clinical-review";
import { changesPaths, type ReviewsDueView } from "../../shared/changes-api";
import { allow, type EditorDb, type Person } from "../auth";
import type { SiteWorkspace } from "../changes";
import { HttpError } from "../http-error";
import type { ChangeSites } from "./change-sites";
import type { ClinicalReview } from "./clinical";
import { headOf } from "./git-head";
import { mayClinicallyReview, maySeeReviewsDue } from "./roles";

export interface ClinicalRoutesOptions {
  db: EditorDb;
  workspace: SiteWorkspace;
  sites: ChangeSites;
  clinical: ClinicalReview;
  /** Today (YYYY-MM-DD); default the clock's. Tests fix it. */
  today?: () => string;
}

type WithId = { Params: { id: string } };

export async function clinicalRoutes(app: FastifyInstance, options: ClinicalRoutesOptions) {
  const { db, workspace, sites, clinical } = options;
  const today = options.today ?? (() => todayIso());

  app.post<WithId & { Body: { verdict?: unknown; comment?: unknown } }>(
    "/editor/api/changes/:id/clinical-review",
    { preHandler: allow(mayClinicallyReview) },
    async (request) => {
      const row = await db.changeSets.get(request.params.id);
      if (!row) throw new HttpError(404, "There is no change set with that id.");
      if (row.status === "published" || row.status === "withdrawn")
        throw new HttpError(409, `This change set was ${row.status}: start a new one for further changes.`);
      const { verdict } = request.body ?? {};
      if (verdict !== "approved" && verdict !== "changes-requested")
        throw new HttpError(400, "Say 'approved' or 'changes-requested' as the verdict.");
      const comment = typeof request.body?.comment === "string" ? request.body.comment.slice(0, 4000) : "";
      if (verdict === "changes-requested" && !comment.trim())
        throw new HttpError(400, "Say what should change: the author sees your comment.");
      const person = request.person as Person;
      const at = Date.now();
      if (verdict === "approved") {
        const pages = await clinical.approve(row.id, person, today());
        sites.forget(row.id);
        await db.changeSets.addReview(row.id, { by: person.id, verdict: "clinically-approved", comment, at });
        await app.audit.record({
          actor: person.id,
          action: "clinical-approve",
          detail: {
            changeSet: row.id,
            title: row.title,
            doctor: person.doctor,
            pages: pages.map((p) => p.name),
            comment,
          },
        });
      } else {
        await db.changeSets.addReview(row.id, { by: person.id, verdict: "clinical-changes-requested", comment, at });
        await db.changeSets.setStatus(row.id, "changes-requested", person.id);
        await app.audit.record({
          actor: person.id,
          action: "clinical-request-changes",
          detail: { changeSet: row.id, title: row.title, comment },
        });
      }
      const reviews = await db.changeSets.reviews(row.id);
      return clinical.view(row.id, reviews);
    },
  );

  app.get(
    changesPaths.reviewsDue,
    { preHandler: allow(maySeeReviewsDue) },
    async (): Promise<ReviewsDueView> => clinical.reviewsDue(await headOf(workspace.publishedDir()), today()),
  );
}
