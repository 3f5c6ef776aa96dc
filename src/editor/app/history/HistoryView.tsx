/**
 * The open file's (or treatment's) history: its versions on the published site, newest first,
 * each with who made it, when and what it changed in the review's words; one version with what
 * restoring it would change and its text; and "Restore this version", which starts a change set
 * holding it (then reviewed and published like any other change).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { HistoryQuery, HistoryResponse, VersionResponse, VersionView } from "../../shared/history-api";
import { Alert } from "../changes/Alert";
import { session } from "../session";
import { readHistory, readVersion, restoreVersion } from "./history-client";
import "./history.css";

const when = (at: number) => new Date(at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function HistoryView({
  target,
  onRestored,
}: {
  target: HistoryQuery;
  /** The new change set holding the restored version. */
  onRestored: (changeSet: string) => void;
}) {
  const [page, setPage] = useState<HistoryResponse>();
  const [open, setOpen] = useState<VersionResponse>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const mayRestore = session().me.person?.roles.some((r) => r === "editor" || r === "translator") ?? false;
  const { path, slug, lang } = target;

  useEffect(() => {
    setPage(undefined);
    setOpen(undefined);
    readHistory({ path, slug, lang }).then(setPage, (e: Error) => setError(e.message));
  }, [path, slug, lang]);
  // The version the person opened takes the focus, so a screen reader reads it at once.
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  const more = useCallback(() => {
    if (page?.next === undefined) return;
    readHistory({ path, slug, lang }, page.next).then(
      (next) => setPage({ ...next, versions: [...page.versions, ...next.versions] }),
      (e: Error) => setError(e.message),
    );
  }, [page, path, slug, lang]);

  const view = (version: VersionView) => {
    setError(undefined);
    readVersion({ path, slug, lang }, version.commit).then(setOpen, (e: Error) => setError(e.message));
  };

  const restore = async (commit: string) => {
    setError(undefined);
    setBusy(true);
    try {
      const { changeSet } = await restoreVersion({ path, slug, lang }, commit);
      onRestored(changeSet.id);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="history">
      <h2>History{page ? ` of ${page.label}` : ""}</h2>
      <p>
        Every version the published site has had, newest first. Restoring one starts a change set that puts it back; it
        is reviewed and published like any other change.
      </p>
      <Alert message={error} />
      {open ? (
        <section className="history__version" aria-labelledby="history-version-title">
          <h3 id="history-version-title" tabIndex={-1} ref={heading}>
            Version of {when(open.at)} by {open.author}
          </h3>
          {open.restoring.length === 0 ? (
            <p>The published site has this version now.</p>
          ) : (
            <>
              <p>Restoring it would change:</p>
              <ul className="history__changes">
                {open.restoring.map((c) => (
                  <li key={`${c.pointer}:${c.kind}`}>{c.words}</li>
                ))}
              </ul>
            </>
          )}
          <div className="history__actions">
            {mayRestore && open.restoring.length > 0 ? (
              <button
                type="button"
                className="btn"
                disabled={busy}
                aria-describedby="history-version-title"
                onClick={() => void restore(open.commit)}
              >
                {busy ? "Restoring…" : "Restore this version"}
              </button>
            ) : null}
            <button type="button" className="btn btn-quiet" onClick={() => setOpen(undefined)}>
              Close this version
            </button>
          </div>
          <details>
            <summary>Its text</summary>
            <pre className="history__text" lang={lang}>
              {open.text}
            </pre>
          </details>
        </section>
      ) : null}
      {page ? (
        page.versions.length === 0 ? (
          <p>The published site has no versions of it yet.</p>
        ) : (
          <ol className="history__list" aria-label="Versions, newest first">
            {page.versions.map((v) => (
              <li key={v.commit} className={v.commit === open?.commit ? "is-open" : undefined}>
                <p className="history__who">
                  <time dateTime={new Date(v.at).toISOString()}>{when(v.at)}</time> · {v.author}
                </p>
                <ul className="history__changes">
                  {v.changes.length === 0 ? <li>{v.subject}</li> : null}
                  {v.changes.map((c) => (
                    <li key={`${c.pointer}:${c.kind}`}>
                      {c.label.includes(" › ") ? `${c.label.split(" › ").slice(0, -1).join(" › ")} › ` : ""}
                      {c.words}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="btn btn-quiet"
                  aria-label={`View this version of ${when(v.at)}`}
                  onClick={() => view(v)}
                >
                  View this version
                </button>
              </li>
            ))}
          </ol>
        )
      ) : (
        <p role="status">Reading the history…</p>
      )}
      {page?.next !== undefined ? (
        <button type="button" className="btn btn-quiet" onClick={more}>
          Show older versions
        </button>
      ) : null}
    </div>
  );
}
