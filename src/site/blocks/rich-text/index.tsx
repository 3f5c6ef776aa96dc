import type { RichTextBlock } from "../../../shared/generated/blocks/rich-text";
import { InlineHtml } from "../../ui/text";
import "./rich-text.css";

export type RichTextProps = { block: RichTextBlock };

/** Paragraphs with inline formatting under an optional H2. */
export function RichText({ block }: RichTextProps) {
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
