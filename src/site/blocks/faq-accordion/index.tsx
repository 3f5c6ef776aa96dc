import type { FAQAccordion } from "../../../shared/generated/blocks/faq-accordion";
import { Accordion } from "../../ui/Accordion";

export type FaqAccordionProps = { block: FAQAccordion };

/** Questions that open one at a time. */
export function FaqAccordion({ block }: FaqAccordionProps) {
  return (
    <div className="container">
      <Accordion title={block.title} items={block.items} />
    </div>
  );
}
