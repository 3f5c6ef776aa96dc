/**
 * Clinical review: which content is medical advice (site.json's "clinicalReview"), and when a
 * page's review falls due. Shared by the validator, the hosted editor and the site, so the date
 * a page shows is the date the validator checks. Dates are calendar days (YYYY-MM-DD) in UTC:
 * a review is of a day, not of an instant, and no reader's time zone may move it.
 */
import type { MedicalReview } from "./generated/defs";
import type { Site } from "./generated/site";

/** A kind of content that may be medical advice (site.json's "clinicalReview.medicalKinds"). */
export type MedicalKind = "treatments" | "specialities" | "blog-posts";

/** The clinical review settings with their defaults filled in. */
export interface ClinicalReviewSettings {
  medicalKinds: readonly MedicalKind[];
  intervalMonths: number;
  /** Whether publishing a medical change needs a clinical reviewer's approval. */
  requireApproval: boolean;
}

/** Every kind, the default: a speciality page and a health article advise as a treatment page does. */
export const allMedicalKinds: readonly MedicalKind[] = ["treatments", "specialities", "blog-posts"];

/** Reviews fall due this many days ahead before the validator warns. */
export const dueSoonDays = 30;

/** site.json's settings, defaults filled in (approval required once the site is in production). */
export function clinicalReviewSettings(site: Pick<Site, "clinicalReview" | "production">): ClinicalReviewSettings {
  const own = site.clinicalReview ?? {};
  return {
    medicalKinds: own.medicalKinds ?? allMedicalKinds,
    intervalMonths: own.intervalMonths ?? 12,
    requireApproval: own.requireApproval ?? site.production === true,
  };
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days worked out so far: prerendering thousands of treatment pages asks for the same few review
 * dates again and again. Bounded, as a long-lived tab or editor could ask for many.
 */
const addedMonths = new Map<string, string>();

/** `day` (YYYY-MM-DD) plus `months`, on the last day of the month when it has fewer days. */
export function addMonths(day: string, months: number): string {
  const key = `${months} ${day}`;
  let found = addedMonths.get(key);
  if (found === undefined) {
    found = monthsLater(day, months);
    if (addedMonths.size >= 1000) addedMonths.clear();
    addedMonths.set(key, found);
  }
  return found;
}

function monthsLater(day: string, months: number): string {
  const match = isoDay.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1 + months, Number(match[3])];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date, last))).toISOString().slice(0, 10);
}

/** When the next review of `review` is due: its own date, or its review date plus the interval. */
export const nextReviewOf = (review: MedicalReview, intervalMonths: number): string =>
  review.nextReview ?? addMonths(review.reviewed, intervalMonths);

/** Whole days from `today` to `day` (negative once `day` has passed). */
export function daysUntil(day: string, today: string): number {
  const at = (d: string) => Date.parse(`${d}T00:00:00Z`);
  return Math.round((at(day) - at(today)) / 86_400_000);
}

/** Today as YYYY-MM-DD (UTC); the validator and the editor take it as a parameter, for tests. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
