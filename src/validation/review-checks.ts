/**
 * Medical reviews against today: a review due within 30 days is a warning, an overdue one a
 * warning that `--publish` makes an error. Run once the whole site is known (the reviewer is
 * named by their doctor's name, the interval is site.json's), from the facts the first pass kept,
 * so a cached first pass never holds yesterday's "today".
 */
import { clinicalReviewSettings, daysUntil, dueSoonDays, nextReviewOf } from "../shared/clinical-review";
import type { Site } from "../shared/generated/site";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { UnplacedProblem } from "./problem";
import type { ReviewedEntry, SiteModel } from "./site-model";

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Every reviewed entry of the medical kinds: speciality pages and articles, then treatments (of `files` only, when given). */
export function reviewedEntries(model: SiteModel, files?: ReadonlySet<string>): ReviewedEntry[] {
  const entries = files ? model.reviews.filter((e) => files.has(e.file)) : [...model.reviews];
  for (const { treatments } of model.collections.values())
    for (const t of treatments)
      if (t.review && (!files || files.has(t.file)))
        entries.push({
          kind: "treatments",
          file: t.file,
          pointer: `${t.at}/review`,
          name: t.name ?? t.slug ?? t.at,
          path: t.url,
          review: t.review,
        });
  return entries;
}

/**
 * Problems of reviews due within 30 days of `today` (YYYY-MM-DD) or past due, by file; with
 * `files`, of those files only (a run that checks a few files of 10,000 works out a few dates).
 */
export function reviewDueProblems(
  model: SiteModel,
  today: string,
  files?: ReadonlySet<string>,
): Map<string, UnplacedProblem[]> {
  const settings = clinicalReviewSettings({
    clinicalReview: model.clinicalReview as Site["clinicalReview"],
    production: model.production ?? false,
  });
  const doctors = new Map(model.doctors.map((d) => [d.slug, d.name]));
  const found = new Map<string, UnplacedProblem[]>();
  // Many pages share their review dates (10,000 treatments: a tenth of the checks across files
  // went in working out the same dates again): each pair of dates is worked out once a run.
  const dates = new Map<string, { due: string; left: number }>();
  for (const entry of reviewedEntries(model, files)) {
    const { reviewer, reviewed, nextReview } = entry.review;
    if (!settings.medicalKinds.includes(entry.kind) || !reviewer || !reviewed || !isoDay.test(reviewed)) continue;
    if (nextReview !== undefined && !isoDay.test(nextReview)) continue;
    const key = `${reviewed} ${nextReview ?? ""}`;
    let known = dates.get(key);
    if (!known) {
      const due = nextReviewOf({ reviewer, reviewed, nextReview }, settings.intervalMonths);
      known = { due, left: daysUntil(due, today) };
      dates.set(key, known);
    }
    const { due, left } = known;
    if (left > dueSoonDays) continue;
    const who = doctors.get(reviewer) ?? `'${reviewer}'`;
    const page = { name: entry.name, path: entry.path };
    const made =
      left < 0
        ? problem(say.ReviewOverdue, entry.pointer, page, who, due, -left)
        : problem(say.ReviewDueSoon, entry.pointer, page, who, due, left);
    found.set(entry.file, [...(found.get(entry.file) ?? []), made]);
  }
  return found;
}
