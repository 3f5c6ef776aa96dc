/**
 * A change set in words, and what can be done with it: its changes field by field, named by the
 * labels the forms use, with the pages they touch; its reviews; and, by role, "Send for review",
 * "Approve" or "Ask for changes" (with a comment the author sees), "Open the preview",
 * "Bring up to date" and "Publish" (PublishPanel); its medical part, which a clinical reviewer
 * approves (ClinicalPanel); and for reviewers and clinical reviewers, the reviews due (ReviewsDue).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChangeSetDetail, ChangeSetSummary } from "../../shared/changes-api";
import { session } from "../session";
import { Alert } from "./Alert";
import { statusWords } from "./ChangeSetBar";
import { ClinicalPanel } from "./ClinicalPanel";
import { ComparePages } from "./ComparePages";
import {
  buildPreview,
  listChangeSets,
  readChangeSet,
  reviewChangeSet,
  submitChangeSet,
  withdrawChangeSet,
} from "./changes-client";
import { PublishPanel } from "./PublishPanel";
import { ReadinessPanel } from "./ReadinessPanel";
import { ReviewsDue } from "./ReviewsDue";
import "./changes.css";

const has = (role: string) => session().me.person?.roles.includes(role) ?? false;

/** A review's verdict in words. */
const verdictWords: Record<string, string> = {
  approved: "approved",
  "changes-requested": "asked for changes",
  "clinically-approved": "approved the medical content",
  "clinical-changes-requested": "asked for changes to the medical content",
  "clinical-review-needed": "changed medical content after the clinical approval",
};

export function ChangesView({
  onChanged,
  focusHeading = false,
}: {
  onChanged: () => void;
  /** Puts the focus on the view's heading once shown (after restoring a version, whose button is gone). */
  focusHeading?: boolean;
}) {
  const [all, setAll] = useState<ChangeSetSummary[]>([]);
  const [chosen, setChosen] = useState<string | undefined>(session().changeSet);
  const [detail, setDetail] = useState<ChangeSetDetail>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [comment, setComment] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the view is shown.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, []);

  const load = useCallback(() => {
    listChangeSets().then(
      (sets) => {
        setAll(sets);
        setChosen((c) => c ?? sets[0]?.id);
      },
      (e: Error) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);
  const reload = useCallback(() => {
    if (!chosen) return;
    readChangeSet(chosen).then(setDetail, (e: Error) => setError(e.message));
  }, [chosen]);
  useEffect(reload, [reload]);

  const act = async (what: string, task: () => Promise<unknown>) => {
    setError(undefined);
    setBusy(what);
    try {
      await task();
      reload();
      load();
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const live = detail && detail.status !== "published" && detail.status !== "withdrawn";
  return (
    <div className="changes">
      <h2 tabIndex={-1} ref={heading}>
        Changes and publishing
      </h2>
      <label>
        Change set{" "}
        <select value={chosen ?? ""} onChange={(e) => setChosen(e.target.value)}>
          {all.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} ({s.author}, {statusWords[s.status] ?? s.status})
            </option>
          ))}
        </select>
      </label>
      <Alert message={error} />
      {detail ? (
        <section aria-labelledby="changeset-title">
          <h3 id="changeset-title">
            {detail.title} <span className="changes__status">{statusWords[detail.status] ?? detail.status}</span>
          </h3>
          <p>Started by {detail.author}.</p>
          {detail.push?.state === "failed" ? (
            <p className="changes__push" role="status">
              Saved in the editor, not yet in the site's repository: the last try failed ({detail.push.message}). Your
              saves are kept and sent again shortly; publishing sends them first.
            </p>
          ) : null}
          {detail.files.length === 0 ? <p>No changes yet.</p> : null}
          {detail.files.map((file) => (
            <section key={file.file} className="changes__file">
              <h4>{file.fileLabel}</h4>
              <ul className="changes__fields">
                {file.changes.map((change) => (
                  <li key={`${change.pointer}:${change.kind}`}>{change.words}</li>
                ))}
              </ul>
              {file.pages.length > 0 ? <ComparePages id={detail.id} pages={file.pages} /> : null}
            </section>
          ))}
          {detail.reviews.length > 0 ? (
            <section>
              <h4>Reviews</h4>
              <ul>
                {detail.reviews.map((r) => (
                  <li key={r.at}>
                    {r.by}: {verdictWords[r.verdict] ?? r.verdict}
                    {r.comment ? `: “${r.comment}”` : ""} ({new Date(r.at).toLocaleString("en-IN")})
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="changes__actions">
            <button
              type="button"
              className="btn btn-quiet"
              disabled={busy !== undefined}
              onClick={() =>
                act("preview", async () => {
                  const { url } = await buildPreview(detail.id);
                  window.open(url, "_blank", "noopener");
                })
              }
            >
              {busy === "preview" ? "Building the preview…" : "Open the preview ↗"}
            </button>
            {live && (has("editor") || has("translator")) && detail.status !== "in-review" ? (
              <button
                type="button"
                className="btn"
                disabled={busy !== undefined}
                onClick={() => act("submit", () => submitChangeSet(detail.id))}
              >
                Send for review
              </button>
            ) : null}
            {live && (has("editor") || has("translator")) ? (
              <button
                type="button"
                className="btn btn-quiet"
                disabled={busy !== undefined}
                onClick={() => act("withdraw", () => withdrawChangeSet(detail.id))}
              >
                Withdraw
              </button>
            ) : null}
          </div>
          {live && has("reviewer") ? (
            <form className="changes__review" onSubmit={(e) => e.preventDefault()}>
              <label>
                Comment for the author
                <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} />
              </label>
              <button
                type="button"
                className="btn"
                disabled={busy !== undefined}
                onClick={() =>
                  act("approve", () => reviewChangeSet(detail.id, "approved", comment).then(() => setComment("")))
                }
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn-quiet"
                disabled={busy !== undefined}
                onClick={() =>
                  act("ask", () => reviewChangeSet(detail.id, "changes-requested", comment).then(() => setComment("")))
                }
              >
                Ask for changes
              </button>
            </form>
          ) : null}
          <ClinicalPanel
            detail={detail}
            mayApprove={live === true && has("clinical-reviewer")}
            busy={busy !== undefined}
            act={act}
          />
          {live ? <ReadinessPanel id={detail.id} /> : null}
          {live ? (
            <PublishPanel
              detail={detail}
              onDone={() => {
                reload();
                load();
                onChanged();
              }}
            />
          ) : null}
        </section>
      ) : null}
      {has("reviewer") || has("clinical-reviewer") ? <ReviewsDue /> : null}
    </div>
  );
}
