import { TextWithBreaks } from "./text";
import "./section-heading.css";

/** A block's optional H2 and introduction, the way every listing block opens. */
export function SectionHeading({ title, intro }: { title?: string; intro?: string }) {
  return (
    <>
      {title ? <h2>{title}</h2> : null}
      {intro ? (
        <p className="section-intro">
          <TextWithBreaks text={intro} />
        </p>
      ) : null}
    </>
  );
}
