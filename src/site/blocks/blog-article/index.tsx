import { blogPosts } from "../../config/blog-posts";
import { useEntry } from "../../entries/entry-context";
import { formatterFor, useBlockWords } from "../../i18n/block-words";
import { useLanguage, useLayoutConfig } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { useListLang } from "../../i18n/lists";
import { messageNodes } from "../../i18n/message";
import { Link } from "../../ui/AppLink";
import { ConfigLink } from "../../ui/ConfigLink";
import { formatDate } from "../../ui/formatting";
import { SampleNote } from "../../ui/SampleNote";
import { ContentList, InlineHtml } from "../../ui/text";
import { ReviewLine } from "../treatment-review/ReviewLine";
import type { BlockProps } from "../types";
import "./blog-article.css";

// The words it formats, with FormatJS's formatter if one of them needs it (block-words.ts).
await formatterFor(["samples", "blog"]);

/** On an article page: the post's H1, date, author, who medically reviewed it, and its body. */
export function BlogArticle({ block }: BlockProps<"blog-article">) {
  const { specialities } = useLayoutConfig();
  const ui = useBlockWords();
  const current = useEntry();
  const lang = useLanguage();
  const { items, langOf } = useListLang("blog-posts.json", "posts", blogPosts);
  if (current?.kind !== "posts") throw new Error("blog-article only works on an article page (each: posts).");
  const post = items.find((p) => p.slug === current.entry.slug) ?? current.entry;
  const speciality = specialities.find((s) => s.slug === post.speciality);
  return (
    <article className="blog-article container">
      <header className="blog-article__header">
        <h1 lang={langOf(post.title)}>{post.title}</h1>
        <p className="blog-article__meta">
          <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
          <span aria-hidden="true"> · </span>
          <span lang={langOf(post.author)}>{post.author}</span>
          {post.readingMinutes ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{formatMessage(ui.samples.readingTime, { minutes: post.readingMinutes }, lang)}</span>
            </>
          ) : null}
        </p>
        <p className="page-intro" lang={langOf(post.summary)}>
          {post.summary}
        </p>
        <ReviewLine review={current.entry.review} kind="blog-posts" className="medical-review" />
      </header>
      {post.sample ? <SampleNote text={ui.samples.articleNote} /> : null}
      <div className="blog-article__body" lang={langOf(post.sections[0]?.paragraphs[0])}>
        {post.sections.map((section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections may lack headings; position identifies them.
          <section key={index}>
            {section.heading ? <h2>{section.heading}</h2> : null}
            {section.paragraphs.map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are identified by position.
              <p key={i}>
                <InlineHtml html={paragraph} />
              </p>
            ))}
            {section.list ? <ContentList items={section.list} /> : null}
          </section>
        ))}
      </div>
      {speciality ? (
        <p className="blog-article__related">
          {messageNodes(
            ui.blog.related,
            { speciality: <Link to={`/specialities/${speciality.slug}`}>{speciality.name}</Link> },
            lang,
          )}
        </p>
      ) : null}
      {block.disclaimer ? <p className="blog-article__disclaimer">{block.disclaimer}</p> : null}
      {block.backLink ? (
        <p className="section-link">
          <ConfigLink link={block.backLink} className="button button--ghost" withIcon />
        </p>
      ) : null}
    </article>
  );
}
