/**
 * The pages a change set's file shows on, each openable "before and after": the published page and
 * the same page built with the change set, side by side, as a reviewer compares them. Both are the
 * real prerendered pages, framed without their scripts (a still picture of each, not two apps
 * fetching their data from one server).
 */
import { useRef, useState } from "react";
import { everyPage } from "../../shared/changes-api";
import { Alert } from "./Alert";
import { buildPreview } from "./changes-client";

/** The addresses of `pages` a browser can open (a route with a ":slug" is a pattern, not a page). */
export function openablePages(pages: string[]): string[] {
  return [...new Set(pages.map((page) => (page === everyPage ? "/home" : page)))].filter(
    (page) => page.startsWith("/") && !page.includes(":"),
  );
}

export function ComparePages({ id, pages }: { id: string; pages: string[] }) {
  const [shown, setShown] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const openable = openablePages(pages);

  const compare = async (page: string) => {
    setBusy(page);
    setError(undefined);
    try {
      const { url } = await buildPreview(id);
      // Sets the preview cookie, so the page's own address shows it as this change set has it.
      await fetch(url, { credentials: "same-origin" });
      setShown(page);
      requestAnimationFrame(() => heading.current?.focus());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="changes__pages">
      <p>
        Pages: {pages.join(", ")}
        {openable.map((page) => (
          <button
            key={page}
            type="button"
            className="btn btn-quiet changes__compare"
            disabled={busy !== undefined}
            onClick={() => compare(page)}
          >
            {busy === page ? `Building the preview of ${page}…` : `Compare ${page} before and after`}
          </button>
        ))}
      </p>
      <Alert message={error} />
      {shown ? (
        <section className="compare" aria-labelledby={`compare-${id}`}>
          <h5 id={`compare-${id}`} ref={heading} tabIndex={-1}>
            {shown}: before and after
            <button type="button" className="btn btn-quiet" onClick={() => setShown(undefined)}>
              Close
            </button>
          </h5>
          <div className="compare__frames">
            <figure>
              <figcaption>Published now</figcaption>
              <iframe
                title={`${shown} as published now`}
                src={`/editor/published/page${shown}`}
                sandbox="allow-same-origin"
              />
            </figure>
            <figure>
              <figcaption>With this change set</figcaption>
              <iframe title={`${shown} with this change set`} src={shown} sandbox="allow-same-origin" />
            </figure>
          </div>
        </section>
      ) : null}
    </div>
  );
}
