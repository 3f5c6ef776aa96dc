/**
 * The editor's list of config files, grouped by what they are (Navigation, Pages, Treatments...),
 * with each file's problems and, in a language, how much of it is untranslated. In a language it
 * starts with a link to that language's translation queue.
 */
import type { Language } from "../../shared/i18n/languages";
import { type ConfigFileInfo, groupOrder } from "../shared/config-files";
import { placeHash } from "./place";

interface FileListProps {
  files: ConfigFileInfo[];
  /** The open file's path, marked as the current one. */
  current?: string;
  /** Whether the translation queue is open (its link is then the current one). */
  queue?: boolean;
  /** The language being edited; none for the default. */
  language?: Language;
  /** Untranslated counts by file path, then language code. */
  untranslated: Record<string, Record<string, number>>;
  /** Why the list could not be read, if it could not. */
  loadError?: string;
}

/** The navigation of config files beside the open file. */
export function FileList({ files, current, queue, language, untranslated, loadError }: FileListProps) {
  return (
    <nav className="editor__files" aria-label="Config files">
      {loadError ? <p className="notice notice--error">{loadError}</p> : null}
      {language ? (
        <a
          className={`files__queue${queue ? " is-current" : ""}`}
          href={placeHash({ queue: true, lang: language.code })}
          aria-current={queue ? "page" : undefined}
        >
          What to translate into {language.englishName}
        </a>
      ) : null}
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
                    href={placeHash({ file: file.path, lang: language?.code })}
                    className={`files__link${file.path === current ? " is-current" : ""}`}
                    aria-current={file.path === current ? "page" : undefined}
                  >
                    <span className="files__label">{file.label}</span>
                    {file.detail ? (
                      <span className={`files__detail${file.broken ? " files__detail--broken" : ""}`}>
                        {file.detail}
                      </span>
                    ) : null}
                    {language && untranslated[file.path]?.[language.code] ? (
                      <span className="files__untranslated">
                        {untranslated[file.path][language.code].toLocaleString("en")} untranslated
                      </span>
                    ) : null}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
