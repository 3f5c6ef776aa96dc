import { blogCards } from "../../config/blog-cards";
import { formatterFor, useBlockWords } from "../../i18n/block-words";
import { useLanguage, useLayoutConfig } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { useListLang } from "../../i18n/lists";
import { Link } from "../../ui/AppLink";
import { ConfigLink } from "../../ui/ConfigLink";
import { formatDate } from "../../ui/formatting";
import { SampleBadge } from "../../ui/SampleNote";
import { SectionHeading } from "../../ui/SectionHeading";
import type { BlockProps } from "../types";
import "./blog-list.css";

// The words it formats, with FormatJS's formatter if one of them needs it (block-words.ts).
await formatterFor(["samples"]);

/** Articles as cards linking to /blogs/{slug}, newest first. */
export function BlogList({ block }: BlockProps<"blog-list">) {
  const { specialities } = useLayoutConfig();
  const ui = useBlockWords();
  const lang = useLanguage();
  const { items: posts, langOf } = useListLang("blog-posts.json", "posts", blogCards);
  const sorted = [...posts].sort((a, b) => b.date.localeCompare(a.date));
  const shown = block.limit ? sorted.slice(0, block.limit) : sorted;
  return (
    <section className="blog-list container">
      <SectionHeading title={block.title} intro={block.intro} />
      <ul className="blog-list__cards card-list">
        {shown.map((post) => {
          const speciality = specialities.find((s) => s.slug === post.speciality);
          return (
            <li className="blog-card surface" key={post.slug}>
              <p className="blog-card__meta meta-line">
                {speciality ? <span className="blog-card__topic">{speciality.name}</span> : null}
                <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
              </p>
              <h3 className="blog-card__title" lang={langOf(post.title)}>
                <Link to={`/blogs/${post.slug}`} className="blog-card__link stretched-link">
                  {post.title}
                </Link>
              </h3>
              <p className="blog-card__summary" lang={langOf(post.summary)}>
                {post.summary}
              </p>
              <p className="blog-card__footer meta-line">
                {post.readingMinutes ? (
                  <span>{formatMessage(ui.samples.readingTime, { minutes: post.readingMinutes }, lang)}</span>
                ) : null}
                {post.sample ? <SampleBadge label={ui.samples.article} /> : null}
              </p>
            </li>
          );
        })}
      </ul>
      {block.link ? (
        <p className="section-link">
          <ConfigLink link={block.link} className="button button--ghost" withIcon />
        </p>
      ) : null}
    </section>
  );
}
