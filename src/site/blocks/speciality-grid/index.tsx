import { useBlockWords } from "../../i18n/block-words";
import { useLayoutConfig } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { ConfigLink } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { SectionHeading } from "../../ui/SectionHeading";
import type { BlockProps } from "../types";
import "./speciality-grid.css";

/** Every speciality as a card linking to /specialities/{slug}: icon tiles, or with summaries. */
export function SpecialityGrid({ block }: BlockProps<"speciality-grid">) {
  const { specialities } = useLayoutConfig();
  const words = useBlockWords().specialityGrid;
  const variant = block.variant ?? "detailed";
  return (
    <section className={`speciality-grid speciality-grid--${variant} container`}>
      <SectionHeading title={block.title} intro={block.intro} />
      <ul className="speciality-grid__list card-list">
        {specialities.map((speciality) => (
          <li className="speciality-tile surface hover-card" key={speciality.slug}>
            <span className="icon-badge">
              <Icon name={speciality.icon} />
            </span>
            <h3 className="speciality-tile__name">
              <Link to={`/specialities/${speciality.slug}`} className="speciality-tile__link stretched-link">
                {speciality.name}
              </Link>
            </h3>
            {variant === "detailed" ? <p className="speciality-tile__summary">{speciality.summary}</p> : null}
            {variant === "detailed" && speciality.treatments ? (
              <p className="speciality-tile__more">{words.treatmentGuides}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {block.link ? (
        <p className="section-link">
          <ConfigLink link={block.link} className="button button--ghost" withIcon />
        </p>
      ) : null}
    </section>
  );
}
