/**
 * A config file that is not valid JSON, opened as text so it can be mended where it is: the
 * validator's sentence and place for the mistake above the text, the cursor put there, and Save,
 * which takes the text only once it is JSON and passes the checks every save passes.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { RawFileResponse } from "../shared/api";
import { readRawFile, saveRawFile } from "./api-client";

/** The offset of a 1-based line and column in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

export function RawFileEditor({ path, onSaved }: { path: string; onSaved: () => void }) {
  const [opened, setOpened] = useState<RawFileResponse>();
  const [text, setText] = useState("");
  const [status, setStatus] = useState<{ kind: "saved" | "failed"; message: string }>();
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    readRawFile(path).then(
      (file) => {
        setOpened(file);
        setText(file.text);
      },
      (error: Error) => setStatus({ kind: "failed", message: error.message }),
    );
  }, [path]);

  const goToMistake = useCallback(() => {
    const mistake = opened?.mistake;
    const field = area.current;
    if (!mistake || !field) return;
    const at = offsetOf(field.value, mistake.line, mistake.column);
    field.focus();
    field.setSelectionRange(at, at);
  }, [opened]);

  const save = async () => {
    if (!opened) return;
    const outcome = await saveRawFile(path, text, opened.hash).catch((error: Error) => error);
    if (outcome instanceof Error) return setStatus({ kind: "failed", message: outcome.message });
    if (outcome.kind === "saved") {
      setStatus({ kind: "saved", message: "Saved: the file is valid again and opens in its form." });
      onSaved();
    } else setStatus({ kind: "failed", message: outcome.body.message });
  };

  if (!opened) return status ? <p className="notice notice--error">{status.message}</p> : <p>Opening…</p>;
  return (
    <section className="raw-file" aria-labelledby="raw-file-title">
      <h2 id="raw-file-title">{path}</h2>
      {opened.mistake ? (
        <p className="notice notice--error">
          This file is not valid JSON, so it cannot be shown as a form and the site cannot be built from it.{" "}
          <button type="button" className="btn btn-quiet" onClick={goToMistake}>
            Line {opened.mistake.line}, column {opened.mistake.column}
          </button>
          : {opened.mistake.message}
        </p>
      ) : null}
      <label htmlFor="raw-file-text">The file's text</label>
      <textarea
        id="raw-file-text"
        ref={area}
        className="raw-file__text"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={30}
      />
      <p>
        <button type="button" className="btn" onClick={save}>
          Save
        </button>
      </p>
      {status ? (
        <p className={status.kind === "saved" ? "notice" : "notice notice--error"} role="status">
          {status.message}
        </p>
      ) : null}
    </section>
  );
}
