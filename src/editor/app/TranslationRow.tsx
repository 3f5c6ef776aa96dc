/**
 * One text in the translator's view: its key and state, the English beside the box for the
 * translation, and for a stale text the English it was made from, the English now and the
 * translation side by side, so the translator sees exactly what changed. A reviewer marks a text
 * awaiting review reviewed here.
 */
import type { Language } from "../../shared/i18n/languages";
import { placeholderNames } from "../../shared/i18n/placeholders";
import type { Problem } from "../../validation/browser";
import type { TextState } from "../shared/api";

const stateWords: Record<TextState["state"], string> = {
  untranslated: "Not translated",
  stale: "Stale: the English changed since",
  "awaiting-review": "Awaiting review",
  reviewed: "Reviewed",
};

interface TranslationRowProps {
  textKey: string;
  english: string;
  state: TextState | undefined;
  value: string;
  language: Language;
  errors: Problem[];
  onChange: (value: string) => void;
  /** Shown to reviewers for a text awaiting review, while nothing is unsaved. */
  onReview?: () => void;
}

export function TranslationRow({
  textKey,
  english,
  state,
  value,
  language,
  errors,
  onChange,
  onReview,
}: TranslationRowProps) {
  const id = `t-${textKey}`;
  const placeholders = placeholderNames(english);
  const stale = state?.state === "stale";
  return (
    <li className={`translation-row${stale ? " translation-row--stale" : ""}`} data-key={textKey}>
      <div className="translation-row__head">
        <label htmlFor={id} id={`${id}-label`} className="translation-row__key">
          {textKey}
        </label>
        {state ? <span className={`translation-row__state is-${state.state}`}>{stateWords[state.state]}</span> : null}
      </div>
      {stale ? (
        <div className="translation-row__compare">
          <div>
            <p className="translation-row__caption">English when it was translated</p>
            {state.oldEnglish ? (
              <p className="translation-row__english translation-row__english--old" lang="en">
                {state.oldEnglish}
              </p>
            ) : (
              <p className="translation-row__english translation-row__english--old">
                Not found in the site's history (the English was changed before it was first saved).
              </p>
            )}
          </div>
          <div>
            <p className="translation-row__caption">English now</p>
            <p className="translation-row__english" lang="en">
              {english}
            </p>
          </div>
        </div>
      ) : (
        <p className="translation-row__english" lang="en">
          {english}
        </p>
      )}
      <textarea
        id={id}
        className="translation-row__input"
        lang={language.code}
        dir="auto"
        rows={Math.min(8, Math.max(1, Math.ceil(english.length / 60)))}
        value={value}
        placeholder={`In ${language.englishName}`}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {placeholders.length > 0 ? (
        <p className="translation-row__hint">Keep {placeholders.map((p) => `{${p}}`).join(", ")} as in English.</p>
      ) : null}
      {errors.map((p) => (
        <p key={p.name} id={`${id}-error`} className="field-error">
          {p.message}
        </p>
      ))}
      {onReview && state?.state === "awaiting-review" ? (
        <button type="button" className="btn btn-quiet" aria-describedby={`${id}-label`} onClick={onReview}>
          Mark reviewed
        </button>
      ) : null}
    </li>
  );
}
