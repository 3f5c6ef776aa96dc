/**
 * "Reviews due": the published site's medical pages by when their clinical review falls due,
 * soonest first: never reviewed and overdue ones at the top, named so in words.
 */
import { useEffect, useState } from "react";
import type { ReviewDueView, ReviewsDueView } from "../../shared/changes-api";
import { Alert } from "./Alert";
import { readReviewsDue } from "./changes-client";

const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** When the page's review is due, in words. */
function dueWords(item: ReviewDueView): string {
  if (item.state === "never" || item.daysLeft === undefined || !item.nextReview) return "Never reviewed";
  if (item.daysLeft < 0) return `Overdue since ${day(item.nextReview)} (${plural(-item.daysLeft, "day")})`;
  if (item.daysLeft === 0) return "Due today";
  return `Due ${day(item.nextReview)} (in ${plural(item.daysLeft, "day")})`;
}

export function ReviewsDue() {
  const [due, setDue] = useState<ReviewsDueView>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    readReviewsDue().then(setDue, (e: Error) => setError(e.message));
  }, []);
  return (
    <section className="changes__due" aria-labelledby="reviews-due-title">
      <h3 id="reviews-due-title">Reviews due</h3>
      <Alert message={error} />
      {due ? (
        <>
          <p>
            Medical pages of the published site, soonest due first
            {due.total > due.items.length ? ` (the first ${due.items.length} of ${due.total})` : ""}.
          </p>
          <table className="changes__due-table">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Next review</th>
                <th scope="col">Last reviewed</th>
              </tr>
            </thead>
            <tbody>
              {due.items.map((item) => (
                <tr key={`${item.file}:${item.path ?? item.name}`} className={`changes__due--${item.state}`}>
                  <th scope="row">
                    {item.name}
                    {item.path ? <span className="changes__path"> ({item.path})</span> : null}
                  </th>
                  <td>{dueWords(item)}</td>
                  <td>{item.reviewed ? `${day(item.reviewed)} by ${item.reviewer}` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
