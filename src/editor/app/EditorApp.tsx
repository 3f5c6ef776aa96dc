/**
 * The editor's frame: the list of config files by what they are, the language being edited, and
 * the open file. Which file, which part of it and which language are open live in the address
 * (#file=...&part=...&lang=...), so a reload, the back button and a shared link keep the place.
 * In a language other than the default, a file opens as its translation (TranslationEditor).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Language } from "../../shared/i18n/languages";
import type { ChoicesResponse } from "../shared/api";
import { collectionPlace } from "../shared/collection-paths";
import { type ConfigFileInfo, distinctLabels } from "../shared/config-files";
import { EDITOR_MARKER } from "../shared/marker";
import { listFiles, readChoices, untranslatedTotals } from "./api-client";
import { CollectionView } from "./CollectionView";
import { ChangeSetBar } from "./changes/ChangeSetBar";
import { ChangesView } from "./changes/ChangesView";
import { readMe } from "./changes/changes-client";
import { FileEditor } from "./FileEditor";
import { FileList } from "./FileList";
import { HistoryTabs } from "./history/HistoryTabs";
import { HistoryView } from "./history/HistoryView";
import { historyTarget } from "./history/history-client";
import { ChoicesContext, emptyChoices, PictureAddedContext } from "./pickers/choices";
import { type Place, placeHash, readPlace } from "./place";
import { RawFileEditor } from "./RawFileEditor";
import { session, setChangeSet, setMe } from "./session";
import { TranslationEditor } from "./TranslationEditor";
import { TranslationQueue } from "./TranslationQueue";
import { Welcome } from "./Welcome";

/** The whole editor: header, file list and the view of the place in the address. */
export function EditorApp() {
  const [listed, setFiles] = useState<ConfigFileInfo[]>([]);
  const files = useMemo(() => distinctLabels(listed), [listed]);
  const [choices, setChoices] = useState<ChoicesResponse>(emptyChoices);
  const [languages, setLanguages] = useState<Language[]>([]);
  const [untranslated, setUntranslated] = useState<Record<string, Record<string, number>>>({});
  const [loadError, setLoadError] = useState<string>();
  const [place, setPlace] = useState<Place>(readPlace);
  // On a narrow screen an open file gets the width: the file list folds away (☰ Files opens it).
  const [filesOpen, setFilesOpen] = useState(() => !place.file || window.innerWidth >= wideScreen);
  const dirty = useRef(false);
  // Hosted: who is signed in and which change set saves go into (session.ts); local: neither.
  const [hosted, setHosted] = useState<boolean>();
  const [changeSet, setChangeSetShown] = useState<string>();
  const [changesKey, setChangesKey] = useState(0);
  useEffect(() => {
    readMe().then(
      (me) => {
        setMe(me);
        setChangeSetShown(session().changeSet);
        setHosted(me.mode === "hosted");
      },
      () => setHosted(false),
    );
  }, []);

  const refreshFiles = useCallback(() => {
    listFiles().then(
      (answer) => {
        setFiles(answer.files);
        setLanguages(answer.languages ?? []);
        setUntranslated(answer.untranslated ?? {});
      },
      (error: Error) => setLoadError(error.message),
    );
    // What the pickers offer follows the site as saved (a page added, a picture renamed).
    readChoices().then(setChoices, () => undefined);
  }, []);
  const pictureAdded = useCallback(
    (src: string) =>
      setChoices((current) =>
        current.images.includes(src) ? current : { ...current, images: [...current.images, src].sort() },
      ),
    [],
  );
  const fileLabel = useCallback((path: string) => files.find((f) => f.path === path)?.label, [files]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is the change set's (session.ts sends its id).
  useEffect(() => {
    if (hosted !== undefined) refreshFiles();
  }, [refreshFiles, hosted, changeSet]);
  // After a restore, the change set view takes the focus once (not when the bar picks another set).
  const [focusChanges, setFocusChanges] = useState(false);
  const onChangeSet = useCallback((id: string | undefined) => {
    if (dirty.current && !window.confirm(leaveQuestion)) return;
    dirty.current = false;
    setFocusChanges(false);
    setChangeSetShown(id);
  }, []);

  useEffect(() => {
    const onHash = () => {
      const next = readPlace();
      setPlace((current) => {
        // Leaving the form for the file's history closes the form too.
        const leaving = next.file !== current.file || next.lang !== current.lang || next.history !== current.history;
        if (leaving && dirty.current && !window.confirm(leaveQuestion)) {
          window.history.replaceState(null, "", placeHash(current));
          return current;
        }
        if (leaving) dirty.current = false;
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
      const next = placeHash({ file: place.file, part, lang: place.lang });
      if (next !== window.location.hash) window.history.pushState(null, "", next);
      setPlace((p) => ({ ...p, part }));
    },
    [place.file, place.lang],
  );
  const language = languages.slice(1).find((l) => l.code === place.lang);

  // In a language, a collection folder's count covers its treatments: read on the server after the
  // list has painted (thousands of files; later asks look at their stamps only), then shown in
  // place of its settings' own count. Asked again with each new file list (after a save).
  const translating = language !== undefined;
  useEffect(() => {
    if (!translating) return;
    const folders = listed.filter((file) => file.collection?.storage === "folder").map((file) => file.path);
    for (const path of folders) {
      untranslatedTotals(path).then(
        (totals) => setUntranslated((counts) => ({ ...counts, [path]: totals })),
        () => undefined,
      );
    }
  }, [listed, translating]);

  const openTreatment = useCallback(
    (treatment: string | undefined) => {
      const next = { file: place.file, treatment, lang: place.lang };
      const hash = placeHash(next);
      if (hash === window.location.hash) return;
      if (dirty.current && !window.confirm(leaveQuestion)) return;
      dirty.current = false;
      window.history.pushState(null, "", hash);
      setPlace(next);
    },
    [place.file, place.lang],
  );

  // A restored version is a new change set: it becomes the one worked on, shown in words for review.
  const onRestored = useCallback((id: string) => {
    setFocusChanges(true);
    setChangeSet(id);
    setChangeSetShown(id);
    setChangesKey((k) => k + 1);
    window.location.hash = "#changes";
  }, []);

  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  return (
    <ChoicesContext.Provider value={choices}>
      <PictureAddedContext.Provider value={pictureAdded}>
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
            {languages.length > 1 ? (
              <label className="editor__language">
                Language{" "}
                <select
                  value={language?.code ?? ""}
                  onChange={(event) => {
                    window.location.hash = placeHash({ file: place.file, lang: event.target.value || undefined });
                  }}
                >
                  {languages.map((l, i) => (
                    <option key={l.code} value={i === 0 ? "" : l.code} lang={l.code}>
                      {l.name === l.englishName ? l.name : `${l.englishName} (${l.name})`}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <a className="btn btn-quiet" href="/home" target="_blank" rel="noreferrer">
              {hosted ? "Open the published site ↗" : "Open the site as saved ↗"}
            </a>
            {hosted ? <ChangeSetBar onChange={onChangeSet} refreshKey={changesKey} /> : null}
          </header>
          {filesOpen ? (
            <FileList
              files={files}
              current={place.file}
              queue={place.queue}
              language={language}
              untranslated={untranslated}
              loadError={loadError}
            />
          ) : null}
          <main className="editor__main" key={changeSet ?? "published"}>
            {hosted && place.file && !place.changes ? (
              <HistoryTabs
                editHref={placeHash({ ...place, history: undefined })}
                historyHref={placeHash({ ...place, part: undefined, history: true })}
                showing={place.history ? "history" : "edit"}
              />
            ) : null}
            {place.changes && hosted ? (
              <ChangesView onChanged={() => setChangesKey((k) => k + 1)} focusHeading={focusChanges} />
            ) : place.file && place.history && hosted ? (
              <HistoryView
                target={historyTarget(place.file, place.treatment, language?.code)}
                onRestored={onRestored}
              />
            ) : place.queue && language ? (
              <TranslationQueue
                key={language.code}
                language={language}
                hrefOf={(path) => placeHash({ file: path, lang: language.code })}
              />
            ) : place.file && files.find((f) => f.path === place.file)?.broken ? (
              <RawFileEditor key={place.file} path={place.file} onSaved={refreshFiles} />
            ) : place.file &&
              collectionPlace(place.file) &&
              (!language || collectionPlace(place.file)?.storage === "folder") ? (
              // A collection opens as its list; in a language, a folder's treatment pages are
              // translated one by one, each in a file of its own.
              <CollectionView
                key={language ? `${place.file}:${language.code}` : place.file}
                path={place.file}
                open={place.treatment}
                onOpen={openTreatment}
                onDirty={onDirty}
                onSaved={refreshFiles}
                fileLabel={fileLabel}
                translateInto={language}
              />
            ) : place.file && language ? (
              <TranslationEditor
                key={`${place.file}:${language.code}`}
                path={place.file}
                language={language}
                onDirty={onDirty}
                onSaved={refreshFiles}
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
                pointer={place.pointer}
              />
            ) : (
              <Welcome />
            )}
          </main>
        </div>
      </PictureAddedContext.Provider>
    </ChoicesContext.Provider>
  );
}

/** From this width up, the file list stays open beside an open file. */
const wideScreen = 1440;

const leaveQuestion = "You have changes that are not saved. Leave this file and lose them?";
