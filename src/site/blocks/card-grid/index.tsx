import { ConfigLink } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";

/** A grid of cards with icon, title, text and an optional link. */
export function CardGrid({ block }: BlockProps<"card-grid">) {
  return (
    <section className="card-grid container">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.intro ? (
        <p className="card-grid__intro">
          <TextWithBreaks text={block.intro} />
        </p>
      ) : null}
      <ul className="card-list">
        {block.cards.map((card) => (
          <li className="card surface" key={card.title}>
            {card.icon ? (
              <span className="icon-badge">
                <Icon name={card.icon} />
              </span>
            ) : null}
            <h3 className="card__title">{card.title}</h3>
            <p className="card__text">
              <TextWithBreaks text={card.text} />
            </p>
            {card.link ? <ConfigLink link={card.link} className="card__link" /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
