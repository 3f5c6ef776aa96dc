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
import type { ChangeSites } from "./change-sites";
import type { ClinicalReview } from "./clinical";
import { headOf } from "./git-head";
import { mayClinicallyReview, maySeeReviewsDue } from "./roles";
import { openChangeSetIn, verdictOf } from "./verdicts";

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
      const row = await openChangeSetIn(db, request.params.id);
      const { verdict, comment } = verdictOf(request.body);
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
