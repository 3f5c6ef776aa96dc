import { useLayoutConfig } from "../../i18n/context";
import { ConfigImage } from "../../ui/ConfigImage";
import { ConfigLink, telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./hero.css";

/** The top of the home page: H1, introduction, main calls to action and the 24x7 emergency number. */
export function Hero({ block }: BlockProps<"hero">) {
  const { site } = useLayoutConfig();
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1 className="hero__title">{block.title}</h1>
          {block.intro ? (
            <p className="hero__intro">
              <TextWithBreaks text={block.intro} />
            </p>
          ) : null}
          <div className="hero__actions">
            {block.actions.map((action, index) => (
              <ConfigLink
                key={action.label}
                link={action}
                withIcon
                className={index === 0 ? "button button--accent" : "button button--ghost"}
              />
            ))}
          </div>
          {block.emergencyLabel ? (
            <p className="hero__emergency surface">
              <span className="hero__emergency-icon">
                <Icon name="ambulance" />
              </span>
              <span>
                <span className="hero__emergency-label">{block.emergencyLabel}</span>{" "}
                <a href={telHref(site)} className="hero__emergency-number">
                  {site.contact.phoneDisplay}
                </a>
              </span>
            </p>
          ) : null}
          {block.highlights?.length ? (
            <ul className="hero__highlights">
              {block.highlights.map((item) => (
                <li key={item.text}>
                  <Icon name={item.icon} /> {item.text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {block.image ? (
          <ConfigImage
            className="hero__image"
            image={block.image}
            priority="high"
            hiddenOn="(max-width: 599px)"
            sizes="(max-width: 599px) 0px, (max-width: 899px) 560px, 510px"
          />
        ) : null}
      </div>
    </section>
  );
}
