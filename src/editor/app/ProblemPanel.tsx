/**
 * The problems of the last save or check, in the form's words: each names its field by its label
 * ("Menu entry ‘About us’ › Page address") and is a link to it; what the change would break in
 * other files is listed by the file's name, and the problems a mistake causes elsewhere (links to
 * a renamed page) under the mistake. No JSON pointer and no schema file is shown, nor the CLI's
 * hints, which speak of files and properties: the message says what to do.
 */
import type { Problem } from "../../validation/browser";
import type { ConfigFileInfo } from "../shared/config-files";
import { fieldLabel } from "../shared/field-labels";

interface ProblemPanelProps {
  /** The open file. */
  info: ConfigFileInfo;
  /** Its content as it is in the form, to name list items by their own names. */
  doc: unknown;
  problems: Problem[];
  warnings: Problem[];
  onGoTo: (pointer: string) => void;
  /** A config file's name in the editor, by its path ("Footer"). */
  fileLabel?: (path: string) => string | undefined;
}

export function ProblemPanel({ info, doc, problems, warnings, onGoTo, fileLabel }: ProblemPanelProps) {
  if (problems.length === 0 && warnings.length === 0) return null;
  const file = info.path;
  const here = problems.filter((p) => p.file === file);
  const elsewhere = problems.filter((p) => p.file !== file);
  const label = (p: Problem) => fieldLabel(info.schema, doc, p.pointer);
  const named = (path: string) => fileLabel?.(path) ?? path;
  return (
    <section className="problems" aria-label="Problems">
      {here.length > 0 ? (
        <>
          <h3>To fix before saving</h3>
          <ul>
            {here.map((p) => (
              <li key={`${p.pointer}\n${p.message}`}>
                <button type="button" className="link-button" onClick={() => onGoTo(p.pointer)}>
                  {label(p)}
                </button>
                : {p.message}
                {p.followOns?.length ? <FollowOns followOns={p.followOns} named={named} /> : null}
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
                <a href={`#file=${encodeURIComponent(p.file)}`}>{named(p.file)}</a>: {p.message}
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
                {p.file !== file ? (
                  <>
                    <a href={`#file=${encodeURIComponent(p.file)}`}>{named(p.file)}</a>:{" "}
                  </>
                ) : (
                  <>
                    <button type="button" className="link-button" onClick={() => onGoTo(p.pointer)}>
                      {label(p)}
                    </button>
                    :{" "}
                  </>
                )}
                {p.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** What a mistake breaks elsewhere, by file: "It breaks 2 links in Footer and 1 in Navigation." */
function FollowOns({ followOns, named }: { followOns: Problem[]; named: (path: string) => string }) {
  const byFile = new Map<string, Problem[]>();
  for (const p of followOns) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  return (
    <ul className="problems__follow-ons">
      {[...byFile].map(([path, list]) => (
        <li key={path}>
          {list.length === 1 ? "1 link" : `${list.length} links`} in{" "}
          <a href={`#file=${encodeURIComponent(path)}`}>{named(path)}</a> still use the old name: {list[0].message}
        </li>
      ))}
    </ul>
  );
}
