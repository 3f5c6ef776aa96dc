/**
 * The hosted editor's bar: who is signed in (and sign-out), and the change set every save goes
 * into: chosen from the open ones, or started with a name. Without one, the files are shown as
 * published and nothing can be saved.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChangeSetSummary } from "../../shared/changes-api";
import { session, setChangeSet } from "../session";
import { Alert } from "./Alert";
import { listChangeSets, signOut, startChangeSet } from "./changes-client";

const openStatuses = new Set(["open", "in-review", "approved", "changes-requested"]);

export function ChangeSetBar({
  onChange,
  refreshKey,
}: {
  onChange: (id: string | undefined) => void;
  refreshKey: number;
}) {
  const { me, changeSet } = session();
  const [sets, setSets] = useState<ChangeSetSummary[]>([]);
  const [naming, setNaming] = useState(false);
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string>();
  const nameField = useRef<HTMLInputElement>(null);
  // The person asked for the name field: it takes the focus.
  useEffect(() => {
    if (naming) nameField.current?.focus();
  }, [naming]);
  const mayEdit = me.person?.roles.some((r) => r === "editor" || r === "translator") ?? false;

  const refresh = useCallback(() => {
    listChangeSets().then(
      (all) => {
        const open = all.filter((s) => openStatuses.has(s.status));
        setSets(open);
        if (changeSet && !open.some((s) => s.id === changeSet)) {
          setChangeSet(undefined);
          onChange(undefined);
        }
      },
      (e: Error) => setError(e.message),
    );
  }, [changeSet, onChange]);
  useEffect(() => {
    void refreshKey;
    refresh();
  }, [refresh, refreshKey]);

  const choose = (id: string | undefined) => {
    setChangeSet(id);
    onChange(id);
  };

  const start = async () => {
    setError(undefined);
    try {
      const made = await startChangeSet(title);
      setNaming(false);
      setTitle("");
      setSets((s) => [made, ...s]);
      choose(made.id);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section className="changeset-bar" aria-label="Change set">
      <label className="changeset-bar__choice">
        Change set{" "}
        <select value={changeSet ?? ""} onChange={(e) => choose(e.target.value || undefined)}>
          <option value="">None: the published site (read only)</option>
          {sets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} ({s.author}, {statusWords[s.status] ?? s.status})
            </option>
          ))}
        </select>
      </label>
      {mayEdit && !naming ? (
        <button type="button" className="btn btn-quiet" onClick={() => setNaming(true)}>
          + New change set
        </button>
      ) : null}
      {naming ? (
        <form
          className="changeset-bar__new"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <label>
            Name of the change set{" "}
            <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} ref={nameField} />
          </label>
          <button type="submit" className="btn">
            Start
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => setNaming(false)}>
            Cancel
          </button>
        </form>
      ) : null}
      <a className="btn btn-quiet" href="#changes">
        Changes and publishing
      </a>
      <span className="changeset-bar__who">
        {me.person?.name || me.person?.email} ({me.person?.roles.join(", ")})
      </span>
      <button
        type="button"
        className="btn btn-quiet"
        onClick={() => signOut(false).finally(() => window.location.assign("/editor/sign-in"))}
      >
        Sign out
      </button>
      <Alert message={error} />
    </section>
  );
}

export const statusWords: Record<string, string> = {
  open: "being edited",
  "in-review": "waiting for review",
  approved: "approved",
  "changes-requested": "changes asked for",
  published: "published",
  withdrawn: "withdrawn",
};
