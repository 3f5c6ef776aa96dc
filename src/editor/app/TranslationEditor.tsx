/**
 * Translating one English file into one language: every text of the file, the English beside a
 * box for the translation, a filter (untranslated, stale, awaiting review), the preview in that
 * language as you type, and Save, which the server checks as it checks any file (placeholders that
 * differ from the English, unsafe HTML and keys the English file no longer has are refused) and
 * which records the English each changed text was made from.
 *
 * A stale text (its English changed since it was translated) shows the English it was made from,
 * the English now and the translation side by side (TranslationRow.tsx). A reviewer marks texts,
 * or the whole page, reviewed; the server lets only reviewers do so.
 *
 * The translation file (site-config/i18n/{lang}/...) is made, as an empty draft, the first time a
 * file is translated; keys are the validator's own (src/shared/i18n/keys.ts).
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Language } from "../../shared/i18n/languages";
import { documentTexts } from "../../shared/i18n/texts";
import type { Problem } from "../../validation/browser";
import type { TextState } from "../shared/api";
import type { ConfigFileInfo } from "../shared/config-files";
import type { Part } from "../shared/parts";
import { markReviewed, openTranslation, readFile, saveFile, translationState } from "./api-client";
import { PreviewPane } from "./PreviewPane";
import { session } from "./session";
import { TranslationRow } from "./TranslationRow";

type Data = Record<string, unknown>;

interface Opened {
  info: ConfigFileInfo;
  english: Data;
  path: string;
  hash: string;
  doc: Data & { strings: Record<string, string>; status: string };
}

interface TranslationEditorProps {
  path: string;
  language: Language;
  onDirty: (dirty: boolean) => void;
  onSaved: () => void;
}

const whole: Part = { kind: "whole" };

type Filter = "all" | TextState["state"];

const filterWords: Record<Filter, string> = {
  all: "Every text",
  untranslated: "Untranslated",
  stale: "Stale",
  "awaiting-review": "Awaiting review",
  reviewed: "Reviewed",
};

/** Whether the person may mark texts reviewed (the server checks again): a reviewer, or anyone locally. */
const mayReview = () => {
  const { me } = session();
  return me.mode === "local" || (me.person?.roles.includes("reviewer") ?? false);
};

export function TranslationEditor({ path, language, onDirty, onSaved }: TranslationEditorProps) {
  const [opened, setOpened] = useState<Opened>();
  const [strings, setStrings] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState<Filter>("all");
  const [states, setStates] = useState<Map<string, TextState>>(new Map());
  const [message, setMessage] = useState<{ kind: "error" | "saved"; text: string }>();
  const [problems, setProblems] = useState<Problem[]>([]);

  const open = useCallback(async () => {
    try {
      const [english, translation, state] = await Promise.all([
        readFile(path),
        openTranslation(path, language.code),
        translationState(path, language.code),
      ]);
      setStates(new Map(state.texts.map((t) => [t.key, t])));
      const doc = JSON.parse(translation.text) as Opened["doc"];
      setOpened({
        info: english.info,
        english: JSON.parse(english.text) as Data,
        path: translation.info.path,
        hash: translation.hash,
        doc,
      });
      setStrings(doc.strings ?? {});
      setProblems([]);
    } catch (error) {
      setMessage({ kind: "error", text: (error as Error).message });
    }
  }, [path, language.code]);
  useEffect(() => {
    void open();
  }, [open]);

  const texts = useMemo(() => (opened ? documentTexts(opened.english) : []), [opened]);
  const dirty = !!opened && JSON.stringify(strings) !== JSON.stringify(opened.doc.strings ?? {});
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const missing = texts.filter((t) => !strings[t.key]?.trim());
  const inState = (state: TextState["state"]) => texts.filter((t) => states.get(t.key)?.state === state);
  const shown = filter === "all" ? texts : inState(filter);
  const reviewer = mayReview();
  const problemAt = (key: string) =>
    problems.filter((p) => p.pointer === `/strings/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);

  const save = async () => {
    if (!opened) return;
    // Empty boxes are not translations: the text stays English until someone writes one.
    const kept = Object.fromEntries(Object.entries(strings).filter(([, v]) => v.trim() !== ""));
    const outcome = await saveFile(opened.path, { ...opened.doc, strings: kept }, opened.hash);
    if (outcome.kind === "saved") {
      setMessage({ kind: "saved", text: `Saved ${opened.path}.` });
      setProblems(outcome.body.warnings.filter((w) => w.file === opened.path && w.pointer !== "/strings"));
      setOpened({ ...opened, hash: outcome.body.hash, doc: JSON.parse(outcome.body.text) as Opened["doc"] });
      const state = await translationState(path, language.code);
      setStates(new Map(state.texts.map((t) => [t.key, t])));
      onSaved();
    } else if (outcome.kind === "refused") {
      setMessage({ kind: "error", text: outcome.body.message });
      setProblems(outcome.body.errors);
    } else {
      setMessage({ kind: "error", text: outcome.body.message });
    }
  };

  /** Marks texts reviewed (all that await review without `keys`), then opens the file again. */
  const review = async (keys?: string[]) => {
    try {
      const done = await markReviewed(path, language.code, keys);
      await open();
      setMessage({
        kind: "saved",
        text: `Marked ${done.marked === 1 ? "1 text" : `${done.marked} texts`} reviewed${done.status === "reviewed" ? ": the whole translation is reviewed" : ""}.`,
      });
      onSaved();
    } catch (error) {
      setMessage({ kind: "error", text: (error as Error).message });
    }
  };

  if (!opened) return <div className="file-editor file-editor--loading">{message?.text ?? "Opening…"}</div>;

  return (
    <div className="file-editor translation-editor">
      <div className="translation-editor__bar">
        <h2>
          {opened.info.label} in {language.englishName}{" "}
          <span className="translation-editor__count">
            {texts.length - missing.length} of {texts.length} texts translated · {inState("stale").length} stale ·{" "}
            {inState("awaiting-review").length} awaiting review · {inState("reviewed").length} reviewed
          </span>
        </h2>
        <label className="translation-editor__filter">
          Show texts{" "}
          <select value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            {(Object.keys(filterWords) as Filter[]).map((f) => (
              <option key={f} value={f}>
                {filterWords[f]} ({f === "all" ? texts.length : inState(f).length})
              </option>
            ))}
          </select>
        </label>
        {reviewer ? (
          <button
            type="button"
            className="btn"
            disabled={dirty || inState("awaiting-review").length === 0}
            onClick={() => review()}
          >
            Mark the whole page reviewed
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" disabled={!dirty} onClick={save}>
          Save
        </button>
      </div>
      {message ? (
        <p className={`notice notice--${message.kind === "error" ? "error" : "success"}`} role="status">
          {message.text}
        </p>
      ) : null}
      {problems.some((p) => !p.pointer.startsWith("/strings/")) ? (
        <ul className="notice notice--error">
          {problems
            .filter((p) => !p.pointer.startsWith("/strings/"))
            .map((p) => (
              <li key={`${p.file}${p.pointer}${p.name}`}>
                {p.file}: {p.message}
              </li>
            ))}
        </ul>
      ) : null}
      <section className="translation-editor__texts" aria-label={`Texts of ${opened.info.label}`}>
        {shown.length === 0 ? <p>No text of this file is {filterWords[filter].toLowerCase()}.</p> : null}
        <ol className="translation-list">
          {shown.map((text) => (
            <TranslationRow
              key={text.key}
              textKey={text.key}
              english={text.value}
              state={states.get(text.key)}
              value={strings[text.key] ?? ""}
              language={language}
              errors={problemAt(text.key)}
              onChange={(value) => setStrings((s) => ({ ...s, [text.key]: value }))}
              onReview={reviewer && !dirty ? () => review([text.key]) : undefined}
            />
          ))}
        </ol>
      </section>
      <PreviewPane info={opened.info} doc={opened.english} part={whole} lang={language.code} strings={strings} />
    </div>
  );
}
