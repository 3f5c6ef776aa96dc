import { useTreatment } from "../../collections/treatment-context";
import { useFallbackLang } from "../../i18n/context";
import { Accordion } from "../../ui/Accordion";
import type { BlockProps } from "../types";

/** The treatment's FAQs in the accordion titled by the block ('Frequently Asked Questions'). */
export function TreatmentFaqs({ block }: BlockProps<"treatment-faqs">) {
  const faqs = useTreatment().subDepartment.content.faqs;
  const langOf = useFallbackLang();
  if (!faqs?.length) return null;
  return (
    <div className="container">
      <Accordion title={block.title} items={faqs} langOf={langOf} />
    </div>
  );
}
