/**
 * The problems of the last save or check, each a link to its field; problems the change would
 * cause in other files are listed by file, since their fields are not in this form.
 */
import type { Problem } from "../../validation/browser";

interface ProblemPanelProps {
  /** The open file, as problems name it. */
  file: string;
  problems: Problem[];
  warnings: Problem[];
  onGoTo: (pointer: string) => void;
}

export function ProblemPanel({ file, problems, warnings, onGoTo }: ProblemPanelProps) {
  if (problems.length === 0 && warnings.length === 0) return null;
  const here = problems.filter((p) => p.file === file);
  const elsewhere = problems.filter((p) => p.file !== file);
  return (
    <section className="problems" aria-label="Problems">
      {here.length > 0 ? (
        <>
          <h3>To fix before saving</h3>
          <ul>
            {here.map((p) => (
              <li key={`${p.pointer}\n${p.message}`}>
                <button type="button" className="link-button" onClick={() => onGoTo(p.pointer)}>
                  {p.pointer || "the file"}
                </button>{" "}
                {p.message}
                {p.hint ? <span className="problems__hint"> ({p.hint})</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {elsewhere.length > 0 ? (
        <>
          <h3>This change would break other files</h3>
          <ul>
            {elsewhere.map((p) => (
              <li key={`${p.file}\n${p.pointer}\n${p.message}`}>
                <a href={`#file=${encodeURIComponent(p.file)}`}>{p.file}</a> at <code>{p.pointer || "/"}</code>:{" "}
                {p.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {warnings.length > 0 ? (
        <details className="problems__warnings">
          <summary>
            {warnings.length} warning{warnings.length === 1 ? "" : "s"} (these do not stop a save)
          </summary>
          <ul>
            {warnings.map((p) => (
              <li key={`${p.file}\n${p.pointer}\n${p.message}`}>
                {p.file !== file ? <code>{p.file}</code> : null}{" "}
                <button type="button" className="link-button" onClick={() => onGoTo(p.pointer)}>
                  {p.pointer || "the file"}
                </button>{" "}
                {p.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
