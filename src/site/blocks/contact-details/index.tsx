import { useBlockWords } from "../../i18n/block-words";
import { useLayoutConfig } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { chatHref, telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { StateName } from "../../ui/StateName";
import type { BlockProps } from "../types";
import "./contact-details.css";

/** The 24x7 number, e-mail and chat app from site.json, and optionally each branch. */
export function ContactDetails({ block }: BlockProps<"contact-details">) {
  const { branches, site } = useLayoutConfig();
  const ui = useBlockWords();
  return (
    <section className="contact-details container">
      {block.title ? <h2>{block.title}</h2> : null}
      <ul className="contact-details__channels card-list">
        <li className="contact-channel">
          <span className="icon-badge">
            <Icon name="phone" />
          </span>
          <span>
            <span className="contact-channel__label">{ui.contactDetails.helpline}</span>
            <a href={telHref(site)} className="contact-channel__value">
              {site.contact.phoneDisplay}
            </a>
          </span>
        </li>
        <li className="contact-channel">
          <span className="icon-badge">
            <Icon name="mail" />
          </span>
          <span>
            <span className="contact-channel__label">{ui.contactDetails.emailLabel}</span>
            <a href={`mailto:${site.contact.email}`} className="contact-channel__value">
              {site.contact.email}
            </a>
          </span>
        </li>
        <li className="contact-channel">
          <span className="icon-badge">
            <Icon name="chat" />
          </span>
          <span>
            <span className="contact-channel__label">{site.chatApp.label}</span>
            <a href={chatHref(site)} className="contact-channel__value" target="_blank" rel="noopener noreferrer">
              {ui.contactDetails.chat}
            </a>
          </span>
        </li>
      </ul>
      {block.showBranches ? (
        <>
          <h3>{ui.branches.ourBranches}</h3>
          <ul className="contact-details__branches">
            {branches.map((branch) => (
              <li key={branch.slug}>
                <Link to={`/locations/${branch.slug}`}>{branch.name}</Link>
                <span className="contact-details__city">
                  {branch.city}, <StateName state={branch.state} />
                </span>
                {branch.sample ? (
                  <span className="contact-details__pending">{ui.branches.phonePending}</span>
                ) : (
                  <a href={`tel:${branch.phoneTel}`}>{branch.phoneDisplay}</a>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
