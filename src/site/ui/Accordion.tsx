/**
 * The FAQ accordion: all items collapsed at first, one open at a time. Each question is a button
 * with aria-expanded and aria-controls pointing at its answer region.
 */
import { useId, useState } from "react";
import { TextWithBreaks } from "./text";
import "./accordion.css";

export interface AccordionItem {
  question: string;
  answer: string;
}

export function Accordion({
  title,
  items,
  langOf = () => undefined,
}: {
  title: string;
  items: AccordionItem[];
  /** The `lang` of an item's text shown in English for want of a translation. */
  langOf?: (text: string) => string | undefined;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const headingId = `${id}-title`;
  return (
    <section className="accordion" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${id}-q${index}`;
        const panelId = `${id}-a${index}`;
        return (
          <div
            className={expanded ? "accordion__item accordion__item--open surface" : "accordion__item surface"}
            key={buttonId}
          >
            <h3 className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span lang={langOf(item.question)}>{item.question}</span>
                <span className="accordion__marker" aria-hidden="true" />
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
              <p lang={langOf(item.answer)}>
                <TextWithBreaks text={item.answer} />
              </p>
            </section>
          </div>
        );
      })}
    </section>
  );
}
