/**
 * The spec's text rendering rules: description newlines become line breaks; list strings are
 * rendered as HTML (sanitised with the allowlist of src/shared/html/html.ts) with the text before the
 * first colon shown in bold.
 */
import { Fragment } from "react";
// The client build swaps this module for sanitize.browser.ts (vite.config.ts): same allowlist, no xss.
import { sanitizeInlineHtml } from "../../shared/html/sanitize";
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

/** Sanitised inline HTML in a span. */
export function InlineHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the allowlist just above.
  return <span className={className} dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(html) }} />;
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

/** A bullet list of content strings. */
export function ContentList({ items }: { items: string[] }) {
  return (
    <ul className="content-list">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list strings may repeat; position is their identity.
        <li key={i}>
          <ListItemContent item={item} />
        </li>
      ))}
    </ul>
  );
}
