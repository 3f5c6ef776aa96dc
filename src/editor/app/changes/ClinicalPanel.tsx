/**
 * The medical part of a change set: the medical pages it changes, whether a clinical reviewer
 * approved them as they are, and for a clinical reviewer (a doctor) "Approve the medical content"
 * or "Ask for changes". Approving writes the doctor's review on those pages (the server does).
 */
import { useState } from "react";
import type { ChangeSetDetail } from "../../shared/changes-api";
import { clinicalReviewChangeSet } from "./changes-client";

interface ClinicalPanelProps {
  detail: ChangeSetDetail;
  /** Whether the change set may still change, and this person is a clinical reviewer. */
  mayApprove: boolean;
  busy: boolean;
  act: (what: string, task: () => Promise<unknown>) => Promise<void>;
}

export function ClinicalPanel({ detail, mayApprove, busy, act }: ClinicalPanelProps) {
  const [comment, setComment] = useState("");
  const { pages, approved, required } = detail.clinical;
  if (pages.length === 0) return null;
  const state = approved
    ? "A clinical reviewer approved the medical content as it is now."
    : required
      ? "A clinical reviewer, one of the hospital's doctors, must approve the medical content before this change set is published."
      : "Not approved by a clinical reviewer yet. Their approval records their review on these pages (this site does not require it to publish).";
  const review = (verdict: "approved" | "changes-requested") =>
    act(`clinical-${verdict}`, () => clinicalReviewChangeSet(detail.id, verdict, comment).then(() => setComment("")));
  return (
    <section className="changes__clinical" aria-labelledby="clinical-title">
      <h4 id="clinical-title">Medical content</h4>
      <p>
        {pages.length === 1
          ? "This change set changes a medical page:"
          : "This change set changes these medical pages:"}
      </p>
      <ul>
        {pages.map((page) => (
          <li key={`${page.name}${page.path ?? ""}`}>
            {page.name}
            {page.path ? <span className="changes__path"> ({page.path})</span> : null}
          </li>
        ))}
      </ul>
      <p className={approved ? "changes__ok" : undefined}>{state}</p>
      {mayApprove && !approved ? (
        <form className="changes__review" onSubmit={(e) => e.preventDefault()}>
          <label>
            Comment for the author (about the medical content)
            <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} />
          </label>
          <button type="button" className="btn" disabled={busy} onClick={() => review("approved")}>
            Approve the medical content
          </button>
          <button type="button" className="btn btn-quiet" disabled={busy} onClick={() => review("changes-requested")}>
            Ask for changes
          </button>
        </form>
      ) : null}
    </section>
  );
}
