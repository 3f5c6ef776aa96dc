import { useTreatment } from "../../collections/treatment-context";
import { useLanguage } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./treatment-heading.css";

/** The treatment's H1 (or the heading fallback: the name plus ' Treatment in Hyderabad') and intro. */
export function TreatmentHeading(_: BlockProps<"treatment-heading">) {
  const { subDepartment, presentation } = useTreatment();
  const { content } = subDepartment;
  const lang = useLanguage();
  return (
    <header className="treatment-heading container">
      <h1>{content.h1 ?? formatMessage(presentation.headingFallback, { name: subDepartment.name }, lang)}</h1>
      {content.intro ? (
        <p className="treatment-heading__intro">
          <TextWithBreaks text={content.intro} />
        </p>
      ) : null}
    </header>
  );
}
