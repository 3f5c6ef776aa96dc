import { useBlockWords } from "../../i18n/block-words";
import { useFallbackLang } from "../../i18n/context";
import { initials } from "../../ui/formatting";
import { SampleBadge } from "../../ui/SampleNote";
import { SectionHeading } from "../../ui/SectionHeading";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./people-grid.css";

/** People with role and biography, such as the leadership team; sample profiles are marked. */
export function PeopleGrid({ block }: BlockProps<"people-grid">) {
  const ui = useBlockWords();
  // A name is often left as written in English (a translation that would only copy it is none).
  const langOf = useFallbackLang();
  return (
    <section className="people-grid container">
      <SectionHeading title={block.title} intro={block.intro} />
      <ul className="people-grid__list card-list">
        {block.people.map((person) => (
          <li className="person-card surface" key={`${person.name}-${person.role}`}>
            <span className="avatar" aria-hidden="true">
              {initials(person.name)}
            </span>
            <h3 className="person-card__name" lang={langOf(person.name)}>
              {person.name}
            </h3>
            <p className="person-card__role" lang={langOf(person.role)}>
              {person.role}
            </p>
            {person.sample ? <SampleBadge label={ui.samples.profile} /> : null}
            {person.bio ? (
              <p className="person-card__bio" lang={langOf(person.bio)}>
                <TextWithBreaks text={person.bio} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
