/**
 * Messages about medical reviews (site.json's "clinicalReview"): a review falling due, one that
 * is overdue (refused by `--publish`), and a reviewer who is not one of the site's doctors.
 */

import { quote } from "../words";
import { didYouMean, entry } from "./entry";

/** A reviewed page as the messages name it: "'Heart Failure' (/specialities/cardiology/…)". */
export interface ReviewedPage {
  name: string;
  path?: string;
}

const pageWords = (page: ReviewedPage) => `${quote(page.name)}${page.path ? ` (${page.path})` : ""}`;
const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export const ReviewDueSoon = entry({
  name: "ReviewDueSoon",
  title: "A medical review falls due within 30 days.",
  severity: "warning",
  message: (page: ReviewedPage, reviewer: string, due: string, inDays: number) =>
    `The medical review of ${pageWords(page)} by ${reviewer} is due on ${due}${inDays === 0 ? ", today" : `, in ${days(inDays)}`}: ask ${reviewer} or another clinical reviewer to review the page again before then.`,
  hint: "A clinical reviewer's approval in the hosted editor records a new review; by hand, set 'reviewed' to the day of the review and leave 'nextReview' out.",
  summary: (count) => `${count === 1 ? "1 medical review falls" : `${count} medical reviews fall`} due within 30 days`,
});

export const ReviewOverdue = entry({
  name: "ReviewOverdue",
  title: "A medical review is overdue.",
  severity: "warning",
  message: (page: ReviewedPage, reviewer: string, due: string, daysAgo: number) =>
    `The medical review of ${pageWords(page)} by ${reviewer} was due on ${due}, ${days(daysAgo)} ago: a clinical reviewer must review the page again before it is published.`,
  hint: "A clinical reviewer's approval in the hosted editor records a new review; by hand, set 'reviewed' to the day of the review and leave 'nextReview' out.",
  summary: (count) => `${count === 1 ? "1 medical review is" : `${count} medical reviews are`} overdue`,
});

export const UnknownReviewer = entry({
  name: "UnknownReviewer",
  title: "A medical review names no doctor.",
  severity: "error",
  message: (slug: string, suggestion: string | undefined) =>
    `Expected the slug of a doctor in doctors.json as the reviewer, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Reviewers are the 'slug' of each doctor in doctors.json.",
});

/** The entries `--publish` turns into errors besides the placeholder ones (told one by one, not in the notice). */
export const publishRefusals: ReadonlySet<string> = new Set([ReviewOverdue.name]);
