/**
 * Bringing a change set up to date and publishing it, with the build's progress live (asked for
 * every second while it runs) and the outcome in words. When the published site changed a field
 * this change set changed too, both values are shown, field by field, and the person picks.
 */
import { useEffect, useState } from "react";
import type { ChangeSetDetail, ConflictView, PickView, PublishState } from "../../shared/changes-api";
import { session } from "../session";
import { Alert } from "./Alert";
import { publishChangeSet, publishState, updateChangeSet } from "./changes-client";

const shown = (value: unknown) =>
  value === undefined ? "(nothing)" : typeof value === "string" ? `‘${value}’` : JSON.stringify(value);

function Conflicts({ conflicts, onPicked }: { conflicts: ConflictView[]; onPicked: (picks: PickView[]) => void }) {
  const [picks, setPicks] = useState<Record<string, "ours" | "theirs">>({});
  const key = (c: ConflictView) => `${c.file}#${c.pointer}`;
  const complete = conflicts.every((c) => picks[key(c)]);
  return (
    <fieldset className="conflicts">
      <legend>Changed on both sides: choose which value to keep</legend>
      {conflicts.map((c) => (
        <div key={key(c)} className="conflicts__field" role="radiogroup" aria-label={c.label}>
          <p className="conflicts__label">{c.label}</p>
          <label>
            <input
              type="radio"
              name={key(c)}
              checked={picks[key(c)] === "ours"}
              onChange={() => setPicks((p) => ({ ...p, [key(c)]: "ours" }))}
            />{" "}
            This change set: {shown(c.ours)}
          </label>
          <label>
            <input
              type="radio"
              name={key(c)}
              checked={picks[key(c)] === "theirs"}
              onChange={() => setPicks((p) => ({ ...p, [key(c)]: "theirs" }))}
            />{" "}
            Published meanwhile: {shown(c.theirs)}
          </label>
        </div>
      ))}
      <button
        type="button"
        className="btn"
        disabled={!complete}
        onClick={() => onPicked(conflicts.map((c) => ({ file: c.file, pointer: c.pointer, take: picks[key(c)] })))}
      >
        Keep these values
      </button>
    </fieldset>
  );
}

export function PublishPanel({ detail, onDone }: { detail: ChangeSetDetail; onDone: () => void }) {
  const [state, setState] = useState<PublishState>();
  const [conflicts, setConflicts] = useState<ConflictView[]>();
  const [error, setError] = useState<string>();
  const roles = session().me.person?.roles ?? [];
  const publisher = roles.includes("publisher");
  // Bringing up to date may mean choosing values: the people who make changes, and publishers.
  const mayUpdate = publisher || roles.includes("editor") || roles.includes("translator");

  useEffect(() => {
    if (state?.state !== "running") return;
    const timer = window.setInterval(() => {
      publishState(detail.id).then(
        (s) => {
          setState(s);
          if (s.state === "conflicts") setConflicts(s.conflicts);
          if (s.state !== "running") onDone();
        },
        () => undefined,
      );
    }, 1000);
    return () => window.clearInterval(timer);
  }, [state?.state, detail.id, onDone]);

  const update = async (picks?: PickView[]) => {
    setError(undefined);
    try {
      const answer = await updateChangeSet(detail.id, picks);
      setConflicts("conflicts" in answer ? answer.conflicts : undefined);
      if (!("conflicts" in answer)) onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const publish = async (picks?: PickView[]) => {
    setError(undefined);
    try {
      setState(await publishChangeSet(detail.id, picks));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (!mayUpdate) return null;
  const done = state?.progress.reduce((n, p) => n + p.done, 0) ?? 0;
  const total = state?.progress.reduce((n, p) => n + p.total, 0) ?? 0;
  return (
    <section className="publish" aria-labelledby="publish-title">
      <h4 id="publish-title">Publish</h4>
      <button type="button" className="btn btn-quiet" onClick={() => update()}>
        Bring up to date with the published site
      </button>
      {publisher ? (
        <button
          type="button"
          className="btn"
          disabled={state?.state === "running" || detail.status !== "approved"}
          onClick={() => publish()}
        >
          Publish
        </button>
      ) : null}
      {publisher && detail.status !== "approved" ? (
        <p>A reviewer approves a change set before it can be published.</p>
      ) : null}
      {conflicts && conflicts.length > 0 ? (
        <Conflicts
          conflicts={conflicts}
          onPicked={(picks) => (state?.state === "conflicts" ? publish(picks) : update(picks))}
        />
      ) : null}
      {state && state.state !== "idle" ? (
        <div className="publish__progress" aria-live="polite">
          {state.state === "running" ? (
            <progress max={Math.max(total, 1)} value={done} aria-label="Publishing" />
          ) : null}
          <ol className="publish__steps">
            {state.progress.map((p) => (
              <li key={p.step}>
                {p.step}: {p.message} {p.total > 0 ? `(${p.done}/${p.total})` : ""}
              </li>
            ))}
          </ol>
          <p
            className={state.state === "published" ? "notice" : state.state === "running" ? "" : "notice notice--error"}
            role="status"
          >
            {state.message}
          </p>
        </div>
      ) : null}
      <Alert message={error} />
    </section>
  );
}
