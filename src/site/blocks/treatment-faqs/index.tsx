import { useTreatment } from "../../collections/treatment-context";
import { Accordion } from "../../ui/Accordion";
import type { BlockProps } from "../types";

/** The treatment's FAQs in the accordion titled by the block ('Frequently Asked Questions'). */
export function TreatmentFaqs({ block }: BlockProps<"treatment-faqs">) {
  const faqs = useTreatment().subDepartment.content.faqs;
  if (!faqs?.length) return null;
  return (
    <div className="container">
      <Accordion title={block.title} items={faqs} />
    </div>
  );
}
