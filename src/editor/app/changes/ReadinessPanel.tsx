/**
 * "Ready to publish?": runs the publish check on the change set as it stands and lists what would
 * block publishing, in words, each a link to its field (a treatment's to its page in the
 * collection). The same check publishing runs once site.json says "production", asked for at
 * any time, so nobody learns of 108 placeholders from a refused build.
 */
import { useRef, useState } from "react";
import type { ReadinessProblem, ReadinessResponse } from "../../shared/changes-api";
import { Alert } from "./Alert";
import { checkReadiness } from "./changes-client";

/** The editor's address of a problem's field. */
export function problemHref(problem: ReadinessProblem): string {
  const params = new URLSearchParams({ file: problem.file });
  if (problem.treatment) params.set("treatment", problem.treatment);
  else if (problem.pointer) params.set("pointer", problem.pointer);
  return `#${params.toString()}`;
}

/** The problems by file, in the order the check found them. */
function byFile(problems: ReadinessProblem[]): [string, ReadinessProblem[]][] {
  const files = new Map<string, ReadinessProblem[]>();
  for (const problem of problems) files.set(problem.fileLabel, [...(files.get(problem.fileLabel) ?? []), problem]);
  return [...files];
}

export function ReadinessPanel({ id }: { id: string }) {
  const [result, setResult] = useState<ReadinessResponse>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  const check = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setResult(await checkReadiness(id));
      requestAnimationFrame(() => heading.current?.focus());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="readiness" aria-labelledby={`readiness-${id}`}>
      <h4 id={`readiness-${id}`} ref={heading} tabIndex={-1}>
        Ready to publish?
      </h4>
      <button type="button" className="btn btn-quiet" disabled={busy} onClick={check}>
        {busy ? "Checking the whole site…" : result ? "Check again" : "Check before publishing"}
      </button>
      <Alert message={error} />
      {result ? (
        <div role="status">
          {result.ready ? (
            <p className="readiness__ok">Ready to publish: the publish check found nothing to fix.</p>
          ) : (
            <p>
              {result.problems.length === 1
                ? "1 problem blocks publishing"
                : `${result.problems.length} problems block publishing`}
              {result.production ? "." : " once the site is marked ready for production (site settings: “production”)."}{" "}
              {result.summary}
            </p>
          )}
        </div>
      ) : null}
      {result && !result.ready
        ? byFile(result.problems).map(([file, problems]) => (
            <section key={file} className="readiness__file">
              <h5>{file}</h5>
              <ul>
                {problems.map((problem) => (
                  <li key={`${problem.file}\n${problem.pointer}\n${problem.message}`}>
                    <a href={problemHref(problem)}>{problem.place || "The whole file"}</a>: {problem.message}
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
    </section>
  );
}
