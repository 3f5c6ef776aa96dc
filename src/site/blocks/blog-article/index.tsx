import { specialities } from "../../config/site-config";
import { useEntry } from "../../entries/entry-context";
import { Link } from "../../ui/AppLink";
import { ConfigLink } from "../../ui/ConfigLink";
import { formatDate } from "../../ui/formatting";
import { SampleNote } from "../../ui/SampleNote";
import { ContentList, InlineHtml } from "../../ui/text";
import type { BlockProps } from "../types";
import "./blog-article.css";

/** Shown on an article that is still sample text. */
export const sampleArticleNote =
  "Sample article: this text is a placeholder awaiting review by our doctors. Please talk to a doctor before acting on it.";

/** On an article page: the post's H1, date, author and body. */
export function BlogArticle({ block }: BlockProps<"blog-article">) {
  const current = useEntry();
  if (current?.kind !== "posts") throw new Error("blog-article only works on an article page (each: posts).");
  const post = current.entry;
  const speciality = specialities.find((s) => s.slug === post.speciality);
  return (
    <article className="blog-article container">
      <header className="blog-article__header">
        <h1>{post.title}</h1>
        <p className="blog-article__meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>{post.author}</span>
          {post.readingMinutes ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{post.readingMinutes} min read</span>
            </>
          ) : null}
        </p>
        <p className="page-intro">{post.summary}</p>
      </header>
      {post.sample ? <SampleNote text={sampleArticleNote} /> : null}
      <div className="blog-article__body">
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
          More about <Link to={`/specialities/${speciality.slug}`}>{speciality.name}</Link> at our hospitals.
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
