/**
 * A treatment collection, however many treatment pages it has: a searchable, paged list of them
 * by name and slug beside the one being edited. The list comes from the server a page at a time
 * (slug, name, page path), never the treatments themselves, so 10,000 open as fast as 5.
 *
 * A treatment page of a collection folder is edited as its own file; one of a collection file is
 * read and saved on its own through the entry API, so a save changes only its lines. In another
 * language a folder's treatment page is translated on its own too: its own translation file
 * (site-config/i18n/{code}/collections/{stem}/{slug}.json).
 */
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Language } from "../../shared/i18n/languages";
import type { CollectionIndexResponse } from "../shared/api";
import { type CollectionPlace, collectionPlace, treatmentFilePath } from "../shared/collection-paths";
import { duplicateTreatment, entrySource, listCollection } from "./api-client";
import { FileEditor } from "./FileEditor";
import { TranslationEditor } from "./TranslationEditor";

/** How many treatment pages the list shows at once. */
export const pageSize = 50;

interface CollectionViewProps {
  path: string;
  /** The open treatment page's slug; "settings" for the collection's settings; none: the list alone. */
  open?: string;
  onOpen: (open: string | undefined) => void;
  onDirty: (dirty: boolean) => void;
  onSaved: () => void;
  fileLabel?: (path: string) => string | undefined;
  /** The language a collection folder's treatment pages are translated into; none: they are edited in English. */
  translateInto?: Language;
}

const number = (n: number) => n.toLocaleString("en");

function summary(page: CollectionIndexResponse, query: string): string {
  if (page.total === 0) return "No treatment pages yet.";
  if (page.matched === 0) return `No treatment page of ${number(page.total)} matches ‘${query.trim()}’.`;
  const range = `${number(page.offset + 1)}–${number(page.offset + page.items.length)}`;
  return query.trim()
    ? `${range} of ${number(page.matched)} matching ‘${query.trim()}’ (of ${number(page.total)})`
    : `${range} of ${number(page.total)} treatment pages`;
}

export function CollectionView({
  path,
  open,
  onOpen,
  onDirty,
  onSaved,
  fileLabel,
  translateInto,
}: CollectionViewProps) {
  const place = collectionPlace(path) as CollectionPlace;
  const [query, setQuery] = useState("");
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<CollectionIndexResponse>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const dirty = useRef(false);

  useEffect(() => {
    const request = new AbortController();
    // `version` changes after a save or a copy: the list is read again.
    void version;
    listCollection(place.collection, query, offset, pageSize, request.signal, translateInto?.code).then(
      (answer) => {
        setPage(answer);
        setError(undefined);
      },
      (failed: Error) => {
        if (failed.name !== "AbortError") setError(failed.message);
      },
    );
    return () => request.abort();
  }, [place.collection, query, offset, version, translateInto?.code]);

  const saved = useCallback(() => {
    setVersion((v) => v + 1);
    onSaved();
  }, [onSaved]);
  const trackDirty = useCallback(
    (value: boolean) => {
      dirty.current = value;
      onDirty(value);
    },
    [onDirty],
  );

  const slug = open && open !== "settings" ? open : undefined;
  const source = useMemo(
    () => (slug && place.storage === "file" ? entrySource(place.collection, slug) : undefined),
    [slug, place.storage, place.collection],
  );
  const [copying, setCopying] = useState<string>();
  const duplicate = async () => {
    if (!slug) return;
    if (dirty.current) {
      window.alert("Save or discard your changes first: the copy is made of the saved treatment page.");
      return;
    }
    setCopying("Making a copy…");
    try {
      const copy = await duplicateTreatment(place.collection, slug);
      setCopying(undefined);
      setVersion((v) => v + 1);
      onOpen(copy.slug);
      onSaved();
    } catch (failed) {
      setCopying(`Not copied: ${(failed as Error).message}`);
    }
  };

  let editor: React.ReactNode;
  if (slug && translateInto) {
    const file = treatmentFilePath(place.collection, slug);
    editor = (
      <TranslationEditor
        key={`${file}:${translateInto.code}`}
        path={file}
        language={translateInto}
        onDirty={trackDirty}
        onSaved={saved}
      />
    );
  } else if (slug) {
    const file = place.storage === "folder" ? treatmentFilePath(place.collection, slug) : place.collection;
    editor = (
      <FileEditor
        key={`${file}\n${slug}`}
        path={file}
        source={source}
        onChoosePart={() => undefined}
        onDirty={trackDirty}
        onSaved={saved}
        fileLabel={fileLabel}
        onMoved={(moved, renamed) => onOpen(renamed ?? collectionPlace(moved)?.slug)}
        actions={
          <div className="collection-view__actions">
            <button type="button" className="btn btn-small" onClick={duplicate}>
              Duplicate this treatment page
            </button>
            {copying ? <span role="status">{copying}</span> : null}
          </div>
        }
      />
    );
  } else if (open === "settings" && !translateInto) {
    editor = (
      <FileEditor
        key="settings"
        path={place.collection}
        part="settings"
        onChoosePart={() => undefined}
        onDirty={trackDirty}
        onSaved={saved}
        fileLabel={fileLabel}
      />
    );
  } else {
    editor = (
      <div className="collection-view__empty">
        <h2>{page?.speciality ? `${page.speciality} treatments` : "Treatment pages"}</h2>
        {translateInto ? (
          <p>
            Find a treatment page by its name or its address name (slug) and open it to translate it into{" "}
            {translateInto.englishName}: each treatment page has its translation in a file of its own.
          </p>
        ) : (
          <p>
            Find a treatment page by its name or its address name (slug) and open it. To add one, open a page close to
            the new one and choose <strong>Duplicate this treatment page</strong>.
          </p>
        )}
      </div>
    );
  }

  /** ↑ and ↓ move between the list's entries, and from the search box into the list. */
  const onKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(".collection-list__item")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    if (next >= 0 && next < buttons.length) {
      event.preventDefault();
      buttons[next].focus();
    }
  };

  return (
    <div className="collection-view">
      <nav className="collection-list" aria-label="Treatment pages of this collection" onKeyDown={onKeys}>
        {translateInto ? null : (
          <button
            type="button"
            className={`collection-list__settings${open === "settings" ? " is-current" : ""}`}
            aria-current={open === "settings" ? "true" : undefined}
            onClick={() => onOpen("settings")}
          >
            Collection settings
          </button>
        )}
        <label className="collection-list__search">
          Search treatment pages
          <input
            type="search"
            className="collection-list__search-input"
            value={query}
            placeholder="Name or slug"
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value);
              setOffset(0);
            }}
          />
        </label>
        <p className="collection-list__count" role="status" aria-live="polite">
          {error ?? (page ? summary(page, query) : "Loading…")}
        </p>
        <ol className="collection-list__items">
          {page?.items.map((item) => (
            <li key={item.slug}>
              <button
                type="button"
                className={`collection-list__item${item.slug === slug ? " is-current" : ""}`}
                aria-current={item.slug === slug ? "true" : undefined}
                onClick={() => onOpen(item.slug)}
              >
                <span className="part-list__label">{item.name}</span>
                <span className="part-list__detail">{item.slug}</span>
                {translateInto && item.untranslated ? (
                  <span className="files__untranslated">{item.untranslated} untranslated</span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
        {page && page.matched > pageSize ? (
          <div className="collection-list__pager">
            <button
              type="button"
              className="btn btn-small"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - pageSize))}
            >
              ← Previous {pageSize}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={offset + pageSize >= page.matched}
              onClick={() => setOffset(offset + pageSize)}
            >
              Next {pageSize} →
            </button>
          </div>
        ) : null}
      </nav>
      <div className="collection-view__editor">{editor}</div>
    </div>
  );
}
