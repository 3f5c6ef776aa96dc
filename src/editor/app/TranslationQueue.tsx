/**
 * A translator's queue for one language: the pages (and treatment pages) with texts untranslated,
 * stale or awaiting review, largest first, each a link to its translation.
 */
import { useEffect, useState } from "react";
import type { Language } from "../../shared/i18n/languages";
import type { QueueItem } from "../shared/api";
import { translationQueue } from "./api-client";

interface TranslationQueueProps {
  language: Language;
  /** The address of a file's translation in the app. */
  hrefOf: (path: string) => string;
}

export function TranslationQueue({ language, hrefOf }: TranslationQueueProps) {
  const [items, setItems] = useState<QueueItem[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    translationQueue(language.code).then(
      (answer) => setItems(answer.items),
      (e: Error) => setError(e.message),
    );
  }, [language.code]);

  return (
    <section className="translation-queue" aria-labelledby="queue-title">
      <h2 id="queue-title">What to translate into {language.englishName}</h2>
      <p>
        Pages with texts not yet translated, texts whose English changed since they were translated (stale), and
        translations awaiting a reviewer, largest pages first.
      </p>
      {error ? <p className="notice notice--error">{error}</p> : null}
      {!items && !error ? <p>Reading every page…</p> : null}
      {items && items.length === 0 ? <p>Nothing to do: every text is translated, up to date and reviewed.</p> : null}
      {items && items.length > 0 ? (
        <table className="translation-queue__table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Texts</th>
              <th scope="col">Untranslated</th>
              <th scope="col">Stale</th>
              <th scope="col">Awaiting review</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.path}>
                <th scope="row">
                  <a href={hrefOf(item.path)}>{item.label}</a>
                </th>
                <td>{item.texts}</td>
                <td>{item.untranslated}</td>
                <td className={item.stale > 0 ? "is-stale" : undefined}>{item.stale}</td>
                <td>{item.awaitingReview}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
