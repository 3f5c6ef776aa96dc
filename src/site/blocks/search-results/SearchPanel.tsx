/**
 * The site search's box and results. The query lives in the address (?q=): a search is a new
 * history entry, so the back button returns to the last result list, and a shared address shows
 * the same results. The page is prerendered without a query; the address's applies once hydrated,
 * and nothing of the index is fetched until there is a query (src/site/search/query.ts). Without
 * the app the box is an ordinary GET form to this page.
 */
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import type { SearchResultsBlock } from "../../../shared/generated/blocks/search-results";
import { useBlockWords } from "../../i18n/block-words";
import { useLanguage, useLocalPath } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { useSearchParams } from "../../router/router";
import { type SearchAnswer, SearchIndex, type SearchResult } from "../../search/query";
import { hasFound, markFound } from "../../search/snippet";
import { Link } from "../../ui/AppLink";
import { ConfigLink } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { useHydrated } from "../../ui/use-hydrated";

type Shown =
  | { status: "idle" }
  | { status: "searching"; query: string }
  | { status: "done"; query: string; answer: SearchAnswer }
  | { status: "failed"; query: string };

/** A text with the words the search found in <mark>. */
function Marked({ text, found }: { text: string; found: ReadonlySet<string> }) {
  return (
    <>
      {markFound(text, found).map((run, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one text, in order, never reordered.
        run.found ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>,
      )}
    </>
  );
}

function Result({ result, matchedTerms }: { result: SearchResult; matchedTerms: string }) {
  const { page, found } = result;
  const termsOnly = page.k !== undefined && !hasFound(page.x, found) && hasFound(page.k, found);
  return (
    <li className="search-result">
      <h2 className="search-result__title">
        <Link to={page.u} lang={page.l}>
          <Marked text={page.t} found={found} />
        </Link>
      </h2>
      {page.s ? <p className="search-result__kind">{page.s}</p> : null}
      {page.x ? (
        <p className="search-result__snippet" lang={page.l}>
          <Marked text={page.x} found={found} />
        </p>
      ) : null}
      {termsOnly ? (
        <p className="search-result__terms">
          {matchedTerms}: <Marked text={page.k ?? ""} found={found} />
        </p>
      ) : null}
    </li>
  );
}

export function SearchPanel({ block }: { block: SearchResultsBlock }) {
  const words = useBlockWords().search;
  const lang = useLanguage();
  const localPath = useLocalPath();
  const id = useId();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const query = hydrated ? (params.get("q") ?? "").trim() : "";
  const [text, setText] = useState(query);
  const [shown, setShown] = useState<Shown>({ status: "idle" });
  const index = useMemo(() => new SearchIndex(lang), [lang]);

  // The address's query (a shared link, the back button) shows in the box and is searched.
  useEffect(() => {
    setText(query);
    if (query === "") {
      setShown({ status: "idle" });
      return;
    }
    let current = true;
    setShown({ status: "searching", query });
    index.search(query).then(
      (answer) => current && setShown({ status: "done", query, answer }),
      () => current && setShown({ status: "failed", query }),
    );
    return () => {
      current = false;
    };
  }, [query, index]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = text.trim();
    if (wanted === query) return;
    setParams(wanted ? { q: wanted } : {}, { preventScrollReset: true });
  };

  const status =
    shown.status === "searching"
      ? words.searching
      : shown.status === "failed"
        ? words.unavailable
        : shown.status === "done"
          ? shown.answer.total > 0
            ? formatMessage(words.results, { count: shown.answer.total, query: shown.query }, lang)
            : words.noResults
          : "";
  return (
    <>
      {/* biome-ignore lint/a11y/noRedundantRoles: <search> is new (2023); the explicit role keeps the landmark for the browsers and screen readers that do not map it yet. */}
      <search role="search" className="search-results__box" aria-label={words.label}>
        <form action={localPath("/search")} method="get" onSubmit={submit}>
          <label htmlFor={`${id}-q`}>{words.label}</label>
          <div className="search-results__row">
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoComplete="off"
              enterKeyHint="search"
            />
            <button type="submit" className="button">
              <Icon name="search" /> {words.submit}
            </button>
          </div>
        </form>
      </search>
      <p className="search-results__count" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      {shown.status === "done" && shown.answer.total > 0 ? (
        <ol className="search-results__list">
          {shown.answer.results.map((result) => (
            <Result key={`${result.page.u} ${result.page.t}`} result={result} matchedTerms={words.matchedTerms} />
          ))}
        </ol>
      ) : null}
      {shown.status === "done" && shown.answer.total === 0 && block.emptyLinks?.length ? (
        <ul className="search-results__empty-links">
          {block.emptyLinks.map((link) => (
            <li key={link.label}>
              <ConfigLink link={link} className="button button--ghost" />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
