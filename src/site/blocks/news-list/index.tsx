import { useBlockWords } from "../../i18n/block-words";
import { useLanguage } from "../../i18n/context";
import { ConfigLink } from "../../ui/ConfigLink";
import { formatDate } from "../../ui/formatting";
import { SampleBadge } from "../../ui/SampleNote";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./news-list.css";

/** Dated news items, newest first; sample items are marked. */
export function NewsList({ block }: BlockProps<"news-list">) {
  const ui = useBlockWords();
  const lang = useLanguage();
  const items = [...block.items].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <section className="news-list container">
      {block.title ? <h2>{block.title}</h2> : null}
      {items.length === 0 ? (
        <p className="news-list__empty">
          <TextWithBreaks text={block.emptyMessage} />
        </p>
      ) : (
        <ol className="news-list__items">
          {items.map((item) => (
            <li className="news-item" key={`${item.date}-${item.title}`}>
              <p className="news-item__meta meta-line">
                <time dateTime={item.date}>{formatDate(item.date, lang)}</time>
                {item.sample ? <SampleBadge label={ui.samples.item} /> : null}
              </p>
              <h3 className="news-item__title">{item.title}</h3>
              <p className="news-item__summary">
                <TextWithBreaks text={item.summary} />
              </p>
              {item.link ? <ConfigLink link={item.link} className="news-item__link" /> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
