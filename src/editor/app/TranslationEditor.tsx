/**
 * Translating one English file into one language: every text of the file, the English beside a
 * box for the translation, the untranslated ones first when asked, the preview in that language
 * as you type, and Save, which the server checks as it checks any file (placeholders that differ
 * from the English, unsafe HTML and keys the English file no longer has are refused).
 *
 * The translation file (site-config/i18n/{lang}/...) is made, as an empty draft, the first time a
 * file is translated; keys are the validator's own (src/shared/i18n/keys.ts).
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Language } from "../../shared/i18n/languages";
import { placeholderNames } from "../../shared/i18n/placeholders";
import { documentTexts } from "../../shared/i18n/texts";
import type { Problem } from "../../validation/browser";
import type { ConfigFileInfo } from "../shared/config-files";
import type { Part } from "../shared/parts";
import { openTranslation, readFile, saveFile } from "./api-client";
import { PreviewPane } from "./PreviewPane";

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

export function TranslationEditor({ path, language, onDirty, onSaved }: TranslationEditorProps) {
  const [opened, setOpened] = useState<Opened>();
  const [strings, setStrings] = useState<Record<string, string>>({});
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "saved"; text: string }>();
  const [problems, setProblems] = useState<Problem[]>([]);

  const open = useCallback(async () => {
    try {
      const [english, translation] = await Promise.all([readFile(path), openTranslation(path, language.code)]);
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
  const shown = onlyMissing ? missing : texts;
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
      setOpened({ ...opened, hash: outcome.body.hash, doc: { ...opened.doc, strings: kept } });
      onSaved();
    } else if (outcome.kind === "refused") {
      setMessage({ kind: "error", text: outcome.body.message });
      setProblems(outcome.body.errors);
    } else {
      setMessage({ kind: "error", text: outcome.body.message });
    }
  };

  if (!opened) return <div className="file-editor file-editor--loading">{message?.text ?? "Opening…"}</div>;

  return (
    <div className="file-editor translation-editor">
      <div className="translation-editor__bar">
        <h2>
          {opened.info.label} in {language.englishName}{" "}
          <span className="translation-editor__count">
            {texts.length - missing.length} of {texts.length} texts translated
            {opened.doc.status === "draft" ? " · draft, awaiting review by a native speaker" : ""}
          </span>
        </h2>
        <label className="translation-editor__filter">
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> Only the
          untranslated ({missing.length})
        </label>
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
        {shown.length === 0 ? <p>Every text of this file is translated.</p> : null}
        <ol className="translation-list">
          {shown.map((text) => {
            const id = `t-${text.key}`;
            const placeholders = placeholderNames(text.value);
            const errors = problemAt(text.key);
            return (
              <li key={text.key} className="translation-row">
                <label htmlFor={id} className="translation-row__key">
                  {text.key}
                </label>
                <p className="translation-row__english" lang="en">
                  {text.value}
                </p>
                <textarea
                  id={id}
                  className="translation-row__input"
                  lang={language.code}
                  dir="auto"
                  rows={Math.min(8, Math.max(1, Math.ceil(text.value.length / 60)))}
                  value={strings[text.key] ?? ""}
                  placeholder={`In ${language.englishName}`}
                  aria-invalid={errors.length > 0 ? true : undefined}
                  aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
                  onChange={(e) => setStrings((s) => ({ ...s, [text.key]: e.target.value }))}
                />
                {placeholders.length > 0 ? (
                  <p className="translation-row__hint">
                    Keep {placeholders.map((p) => `{${p}}`).join(", ")} as in English.
                  </p>
                ) : null}
                {errors.map((p) => (
                  <p key={p.name} id={`${id}-error`} className="field-error">
                    {p.message}
                  </p>
                ))}
              </li>
            );
          })}
        </ol>
      </section>
      <PreviewPane info={opened.info} doc={opened.english} part={whole} lang={language.code} strings={strings} />
    </div>
  );
}
