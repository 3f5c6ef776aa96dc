import type { TreatmentFAQs } from "../../../shared/generated/blocks/treatment-faqs";
import { useTreatment } from "../../collections/treatment-context";
import { Accordion } from "../../ui/Accordion";

export type TreatmentFaqsProps = { block: TreatmentFAQs };

/** The treatment's FAQs in the accordion titled by the block ('Frequently Asked Questions'). */
export function TreatmentFaqs({ block }: TreatmentFaqsProps) {
  const faqs = useTreatment().subDepartment.content.faqs;
  if (!faqs?.length) return null;
  return (
    <div className="container">
      <Accordion title={block.title} items={faqs} />
    </div>
  );
}
