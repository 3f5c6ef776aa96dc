import { Accordion } from "../../ui/Accordion";
import type { BlockProps } from "../types";

/** Questions that open one at a time. */
export function FaqAccordion({ block }: BlockProps<"faq-accordion">) {
  return (
    <div className="container">
      <Accordion title={block.title} items={block.items} />
    </div>
  );
}
