import { useTreatment } from "../../collections/treatment-context";
import { useFallbackLang, useLanguage } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./treatment-heading.css";

/** The treatment's H1 (or the heading fallback: the name plus ' Treatment in Hyderabad') and intro. */
export function TreatmentHeading(_: BlockProps<"treatment-heading">) {
  const { subDepartment, presentation } = useTreatment();
  const { content } = subDepartment;
  const lang = useLanguage();
  // A text shown in English for want of a translation says so (a screen reader switches voice).
  const langOf = useFallbackLang();
  return (
    <header className="treatment-heading container">
      <h1 lang={langOf(content.h1 ?? subDepartment.name)}>
        {content.h1 ?? formatMessage(presentation.headingFallback, { name: subDepartment.name }, lang)}
      </h1>
      {content.intro ? (
        <p className="treatment-heading__intro" lang={langOf(content.intro)}>
          <TextWithBreaks text={content.intro} />
        </p>
      ) : null}
    </header>
  );
}
