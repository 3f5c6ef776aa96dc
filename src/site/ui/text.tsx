/**
 * The spec's text rendering rules: description newlines become line breaks; list strings are
 * rendered as HTML (sanitised by src/shared/html/sanitize.ts, the validator's sanitiser) with the
 * text before the first colon shown in bold.
 */
import { Fragment, use, useRef } from "react";
import { loadSanitiser, sanitizeIfLoaded } from "../../shared/html/sanitize";
import { track } from "../tracked";
import { isInitialHydration } from "./initial-hydration";
import { useHydrated } from "./use-hydrated";
import "./content-list.css";

/** Plain text whose newlines become <br>. */
export function TextWithBreaks({ text }: { text: string }) {
  const lines = text.split("\n");
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their position.
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/**
 * The markup to render for a content string: sanitised, except while React hydrates the span that
 * the prerenderer already filled with the same string, sanitised by the same code.
 *
 * React keeps a hydrated element's server HTML and never writes `__html` again while its value stays
 * the same, so the string the span was rendered from is given back as it is, and the sanitiser's
 * code (its own chunk) is not fetched for a page the server rendered. This holds only for a span
 * React really hydrates: `useHydrated` is false only in a hydrating render (and on the server, where
 * `isInitialHydration` is false), not when React renders a part of the page afresh. Once the string
 * changes, it is sanitised like any other, waiting for the sanitiser's code if need be (the page's
 * Suspense boundary shows the previous page meanwhile).
 */
function useSafeHtml(html: string): string {
  const hydrating = !useHydrated() && isInitialHydration();
  const served = useRef(hydrating ? html : undefined);
  if (served.current === undefined || html !== served.current) {
    // A changed string never goes back to the served one's unsanitised pass.
    served.current = undefined;
    const clean = sanitizeIfLoaded(html);
    if (clean !== undefined) return clean;
    use(track(loadSanitiser()));
    return sanitizeIfLoaded(html) as string;
  }
  return html;
}

/** Sanitised inline HTML in a span. */
export function InlineHtml({ html, className }: { html: string; className?: string }) {
  const markup = useSafeHtml(html);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised (useSafeHtml) by the validator's sanitiser.
  return <span className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}

/** Fetches the sanitiser's code ahead of a navigation that may render content HTML (after hydration). */
export function preloadSanitiser() {
  loadSanitiser().catch(() => {});
}

/**
 * Splits a list item at its first colon: "Term: explanation" -> ["Term", " explanation"]. A colon
 * inside a tag or an address (https:) does not count: the term must be tag-free text.
 */
export function splitTerm(item: string): [string, string] | null {
  const index = item.indexOf(":");
  if (index <= 0) return null;
  const term = item.slice(0, index);
  if (/[<>]/.test(term) || /^\s*(https?|mailto|tel)$/i.test(term)) return null;
  return [term, item.slice(index + 1)];
}

/** One list item: bold term before the first colon, the rest as sanitised HTML. */
export function ListItemContent({ item }: { item: string }) {
  const parts = splitTerm(item);
  if (!parts) return <InlineHtml html={item} />;
  return (
    <>
      <strong>
        <InlineHtml html={`${parts[0]}:`} />
      </strong>
      <InlineHtml html={parts[1]} />
    </>
  );
}

/** A bullet list of content strings; `langOf` gives an item shown in English for want of a translation its `lang`. */
export function ContentList({
  items,
  langOf = () => undefined,
}: {
  items: string[];
  langOf?: (text: string) => string | undefined;
}) {
  return (
    <ul className="content-list">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list strings may repeat; position is their identity.
        <li key={i} lang={langOf(item)}>
          <ListItemContent item={item} />
        </li>
      ))}
    </ul>
  );
}
