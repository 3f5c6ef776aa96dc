import { useTreatment } from "../../collections/treatment-context";
import { useFallbackLang } from "../../i18n/context";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./treatment-bullet-points.css";

/** The treatment's bullet-point groups: a title, an intro and titled points. */
export function TreatmentBulletPoints(_: BlockProps<"treatment-bullet-points">) {
  const groups = useTreatment().subDepartment.content.bullet_points;
  const langOf = useFallbackLang();
  if (!groups?.length) return null;
  return (
    <div className="bullet-groups container">
      {groups.map((group) => (
        <section className="bullet-group" key={group.title}>
          <h2 lang={langOf(group.title)}>{group.title}</h2>
          {group.intro ? (
            <p lang={langOf(group.intro)}>
              <TextWithBreaks text={group.intro} />
            </p>
          ) : null}
          <ul className="bullet-group__points">
            {group.points.map((point) => (
              <li key={point.title}>
                <strong className="bullet-group__title" lang={langOf(point.title)}>
                  {point.title}
                </strong>
                <span className="bullet-group__text" lang={langOf(point.description)}>
                  <TextWithBreaks text={point.description} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
