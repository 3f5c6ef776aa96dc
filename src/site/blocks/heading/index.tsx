import { fillName, useEntry } from "../../entries/entry-context";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./heading.css";

/** A page heading (H1-H3) with an optional introduction. */
export function Heading({ block }: BlockProps<"heading">) {
  const entry = useEntry();
  const Tag = `h${block.level}` as "h1" | "h2" | "h3";
  return (
    <header className={block.level === 1 ? "page-heading page-heading--main" : "page-heading"}>
      <div className="container">
        <Tag>{fillName(block.text, entry)}</Tag>
        {block.intro ? (
          <p className="page-intro">
            <TextWithBreaks text={fillName(block.intro, entry)} />
          </p>
        ) : null}
      </div>
    </header>
  );
}
