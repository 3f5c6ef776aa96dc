/**
 * The editor's frame: the list of config files by what they are, and the open file. Which file
 * and which part of it are open lives in the address (#file=...&part=...), so a reload, the back
 * button and a shared link keep the place.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChoicesResponse } from "../shared/api";
import { collectionPlace } from "../shared/collection-paths";
import { type ConfigFileInfo, distinctLabels, groupOrder } from "../shared/config-files";
import { EDITOR_MARKER } from "../shared/marker";
import { listFiles, readChoices } from "./api-client";
import { CollectionView } from "./CollectionView";
import { FileEditor } from "./FileEditor";
import { ChoicesContext, emptyChoices } from "./pickers/choices";

interface Place {
  file?: string;
  part?: string;
  /** In a treatment collection: the open treatment page's slug, or "settings". */
  treatment?: string;
}

function readPlace(): Place {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const file = params.get("file") ?? undefined;
  const treatment = params.get("treatment") ?? undefined;
  // A treatment page file of a collection folder opens in its collection's list.
  const place = file ? collectionPlace(file) : undefined;
  if (place?.slug) return { file: place.collection, treatment: place.slug };
  return { file, part: params.get("part") ?? undefined, treatment };
}

function placeHash(place: Place): string {
  const params = new URLSearchParams();
  if (place.file) params.set("file", place.file);
  if (place.part) params.set("part", place.part);
  if (place.treatment) params.set("treatment", place.treatment);
  return `#${params.toString()}`;
}

export function EditorApp() {
  const [listed, setFiles] = useState<ConfigFileInfo[]>([]);
  const files = useMemo(() => distinctLabels(listed), [listed]);
  const [choices, setChoices] = useState<ChoicesResponse>(emptyChoices);
  const [loadError, setLoadError] = useState<string>();
  const [place, setPlace] = useState<Place>(readPlace);
  // On a narrow screen an open file gets the width: the file list folds away (☰ Files opens it).
  const [filesOpen, setFilesOpen] = useState(() => !place.file || window.innerWidth >= wideScreen);
  const dirty = useRef(false);

  const refreshFiles = useCallback(() => {
    listFiles().then(
      (answer) => setFiles(answer.files),
      (error: Error) => setLoadError(error.message),
    );
    // What the pickers offer follows the site as saved (a page added, a picture renamed).
    readChoices().then(setChoices, () => undefined);
  }, []);
  const fileLabel = useCallback((path: string) => files.find((f) => f.path === path)?.label, [files]);
  useEffect(refreshFiles, [refreshFiles]);

  useEffect(() => {
    const onHash = () => {
      const next = readPlace();
      setPlace((current) => {
        if (next.file !== current.file && dirty.current && !window.confirm(leaveQuestion)) {
          window.history.replaceState(null, "", placeHash(current));
          return current;
        }
        if (next.file && next.file !== current.file && window.innerWidth < wideScreen) setFilesOpen(false);
        return next;
      });
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, []);

  const choosePart = useCallback(
    (part: string) => {
      const next = placeHash({ file: place.file, part });
      if (next !== window.location.hash) window.history.pushState(null, "", next);
      setPlace((p) => ({ ...p, part }));
    },
    [place.file],
  );

  const openTreatment = useCallback(
    (treatment: string | undefined) => {
      const next = { file: place.file, treatment };
      const hash = placeHash(next);
      if (hash === window.location.hash) return;
      if (dirty.current && !window.confirm(leaveQuestion)) return;
      dirty.current = false;
      window.history.pushState(null, "", hash);
      setPlace(next);
    },
    [place.file],
  );

  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  return (
    <ChoicesContext.Provider value={choices}>
      <div className={`editor${filesOpen ? "" : " editor--files-closed"}`} data-editor={EDITOR_MARKER}>
        <header className="editor__bar">
          <button
            type="button"
            className="btn btn-quiet"
            onClick={() => setFilesOpen((o) => !o)}
            aria-expanded={filesOpen}
          >
            ☰ Files
          </button>
          <h1 className="editor__title">Site editor</h1>
          <p className="editor__tagline">Changes are checked as you type and again when you save.</p>
          <a className="btn btn-quiet" href="/home" target="_blank" rel="noreferrer">
            Open the site as saved ↗
          </a>
        </header>
        {filesOpen ? (
          <nav className="editor__files" aria-label="Config files">
            {loadError ? <p className="notice notice--error">{loadError}</p> : null}
            {groupOrder.map((group) => {
              const inGroup = files.filter((f) => f.group === group);
              if (inGroup.length === 0) return null;
              return (
                <section key={group} className="files__group">
                  <h2 className="files__heading">{group}</h2>
                  <ul className="files__list">
                    {inGroup.map((file) => (
                      <li key={file.path}>
                        <a
                          href={placeHash({ file: file.path })}
                          className={`files__link${file.path === place.file ? " is-current" : ""}`}
                          aria-current={file.path === place.file ? "page" : undefined}
                        >
                          <span className="files__label">{file.label}</span>
                          {file.detail ? <span className="files__detail">{file.detail}</span> : null}
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </nav>
        ) : null}
        <main className="editor__main">
          {place.file && collectionPlace(place.file) ? (
            <CollectionView
              key={place.file}
              path={place.file}
              open={place.treatment}
              onOpen={openTreatment}
              onDirty={onDirty}
              onSaved={refreshFiles}
              fileLabel={fileLabel}
            />
          ) : place.file ? (
            <FileEditor
              key={place.file}
              path={place.file}
              part={place.part}
              onChoosePart={choosePart}
              onDirty={onDirty}
              onSaved={refreshFiles}
              fileLabel={fileLabel}
            />
          ) : (
            <Welcome />
          )}
        </main>
      </div>
    </ChoicesContext.Provider>
  );
}

/** From this width up, the file list stays open beside an open file. */
const wideScreen = 1440;

const leaveQuestion = "You have changes that are not saved. Leave this file and lose them?";

function Welcome() {
  return (
    <div className="welcome">
      <h2>Choose what to edit</h2>
      <p>
        Pick a file on the left: the menu is <strong>Navigation</strong>, the footer is <strong>Footer</strong>, pages
        are listed by their address, and treatment pages are under <strong>Treatments</strong>.
      </p>
      <p>
        Each field says what it is for. The preview beside the form shows the page as the site will show it, as you
        type. <strong>Save</strong> checks the whole site first and refuses a change that would break it.
      </p>
    </div>
  );
}
