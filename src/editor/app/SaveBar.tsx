/** The open file's name, what state its changes are in, and Check / Discard / Save; the conflict notice. */
import type { ConfigFileInfo } from "../shared/config-files";

export type Status =
  | { kind: "idle" }
  | { kind: "working"; message: string }
  | { kind: "saved"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "conflict"; message: string }
  | { kind: "failed"; message: string };

interface SaveBarProps {
  info: ConfigFileInfo;
  status: Status;
  dirty: boolean;
  onCheck: () => void;
  onDiscard: () => void;
  onSave: () => void;
  onReload: () => void;
}

function statusText(status: Status, dirty: boolean): string {
  if (status.kind === "idle") return dirty ? "Unsaved changes" : "No unsaved changes";
  if (status.kind === "conflict") return "Not saved: the file changed on disk";
  return status.message;
}

export function SaveBar({ info, status, dirty, onCheck, onDiscard, onSave, onReload }: SaveBarProps) {
  const working = status.kind === "working";
  return (
    <>
      <div className="file-editor__bar">
        <div className="file-editor__name">
          <h2>{info.label}</h2>
          <code>{info.path}</code>
        </div>
        <p
          className={`save-status save-status--${dirty && status.kind === "idle" ? "dirty" : status.kind}`}
          role="status"
        >
          {statusText(status, dirty)}
        </p>
        <div className="file-editor__actions">
          <button type="button" className="btn" onClick={onCheck} disabled={working}>
            Check
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              if (window.confirm("Discard your unsaved changes to this file?")) onDiscard();
            }}
            disabled={!dirty}
          >
            Discard changes
          </button>
          <button type="button" className="btn btn-primary" onClick={onSave} disabled={working}>
            Save
          </button>
        </div>
      </div>
      {status.kind === "conflict" ? (
        <div className="notice notice--conflict" role="alert">
          <p>{status.message}</p>
          <button type="button" className="btn btn-primary" onClick={onReload}>
            Reload from disk (discards your changes)
          </button>
        </div>
      ) : null}
    </>
  );
}
