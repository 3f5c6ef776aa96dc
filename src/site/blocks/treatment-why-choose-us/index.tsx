import type { IconParagraph } from "../../../shared/generated/collection";
import { useTreatment } from "../../collections/treatment-context";
import { useFallbackLang } from "../../i18n/context";
import { Icon } from "../../ui/Icon";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./treatment-why-choose-us.css";

function IconParagraphs({ items }: { items?: IconParagraph[] }) {
  const langOf = useFallbackLang();
  return items?.map((item) => (
    <p className="icon-paragraph" key={item.text} lang={langOf(item.text)}>
      <Icon name={item.icon} />
      <span>
        <TextWithBreaks text={item.text} />
      </span>
    </p>
  ));
}

/** Why choose us: paragraphs, cards, then paragraphs after. */
export function TreatmentWhyChooseUs(_: BlockProps<"treatment-why-choose-us">) {
  const why = useTreatment().subDepartment.content.why_choose_us;
  const langOf = useFallbackLang();
  if (!why) return null;
  return (
    <section className="why-choose-us">
      <div className="container">
        <h2 lang={langOf(why.title)}>{why.title}</h2>
        <IconParagraphs items={why.paragraphs} />
        {why.cards?.length ? (
          <ul className="card-list">
            {why.cards.map((card) => (
              <li className="card surface" key={card.title}>
                <span className="icon-badge">
                  <Icon name={card.icon} />
                </span>
                <h3 className="card__title" lang={langOf(card.title)}>
                  {card.title}
                </h3>
                <p className="card__text" lang={langOf(card.description)}>
                  <TextWithBreaks text={card.description} />
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        <IconParagraphs items={why.paragraphs_after} />
      </div>
    </section>
  );
}
