import { initials } from "../../ui/formatting";
import { SampleBadge } from "../../ui/SampleNote";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "../../styles/site-blocks.css";
import { SectionHeading } from "../../ui/SectionHeading";

/** People with role and biography, such as the leadership team; sample profiles are marked. */
export function PeopleGrid({ block }: BlockProps<"people-grid">) {
  return (
    <section className="people-grid container">
      <SectionHeading title={block.title} intro={block.intro} />
      <ul className="people-grid__list">
        {block.people.map((person) => (
          <li className="person-card" key={`${person.name}-${person.role}`}>
            <span className="person-card__avatar" aria-hidden="true">
              {initials(person.name)}
            </span>
            <h3 className="person-card__name">{person.name}</h3>
            <p className="person-card__role">{person.role}</p>
            {person.sample ? <SampleBadge label="Sample profile" /> : null}
            {person.bio ? (
              <p className="person-card__bio">
                <TextWithBreaks text={person.bio} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
