import { InlineHtml } from "../../ui/text";
import type { BlockProps } from "../types";
import "./rich-text.css";

/** Paragraphs with inline formatting under an optional H2. */
export function RichText({ block }: BlockProps<"rich-text">) {
  return (
    <section className="rich-text container">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.paragraphs.map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are identified by position.
        <p key={i}>
          <InlineHtml html={paragraph} />
        </p>
      ))}
    </section>
  );
}
