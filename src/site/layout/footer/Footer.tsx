/**
 * The shared footer (spec 2.5), entirely from footer.json and site.json: about text, contact (the
 * 24x7 number, e-mail and the chat-app link with its prefilled message), social links, the
 * specialities (each to /specialities/{slug of the name}), the link lists, the group's other
 * sites, the legal links and the copyright year.
 */
import { type ReactNode, useId } from "react";
import { slugify } from "../../../shared/slug";
import { footer, navigation, site } from "../../config/site-config";
import { entryRoute } from "../../entries/entry-routes";
import { Link } from "../../ui/AppLink";
import { ConfigLink, chatHref, telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { uiText } from "../../ui/ui-text";
import "./footer.css";

/** The page of a speciality named in the footer: /specialities/{slug of the name}. */
export const footerSpecialityRoute = (name: string) => entryRoute("specialities", slugify(name));

function NewTabNote() {
  return (
    <>
      {" "}
      <span className="visually-hidden">{uiText.opensInNewTab}</span>
    </>
  );
}

function LinkColumn({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <nav className={`footer__column${className ? ` ${className}` : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="footer__heading">
        {title}
      </h2>
      {children}
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section className="footer__column footer__about">
          <h2 className="footer__heading">{footer.about.title}</h2>
          <p className="footer__text">{footer.about.text}</p>
          {site.social.length > 0 ? (
            <ul className="footer__social" aria-label={uiText.social}>
              {site.social.map((social) => (
                <li key={social.network}>
                  <a
                    href={social.href}
                    className="social-link"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.label} ${uiText.opensInNewTab}`}
                    title={social.label}
                  >
                    <Icon name={social.network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className="footer__column footer__contact">
          <h2 className="footer__heading">{footer.contactTitle}</h2>
          <ul className="footer__contact-list">
            <li>
              <a href={telHref()} className="footer__contact-link footer__phone">
                <Icon name="phone" />
                <span>
                  <span className="footer__contact-caption">{navigation.topBar.emergencyLabel}</span>{" "}
                  <span className="footer__contact-value">{site.contact.phoneDisplay}</span>
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${site.contact.email}`} className="footer__contact-link">
                <Icon name="mail" />
                <span>{site.contact.email}</span>
              </a>
            </li>
            <li>
              <a href={chatHref()} className="footer__contact-link" target="_blank" rel="noopener noreferrer">
                <Icon name="chat" />
                <span>{site.chatApp.label}</span>
                <NewTabNote />
              </a>
            </li>
          </ul>
          {footer.externalLinks.length > 0 ? (
            <ul className="footer__external">
              {footer.externalLinks.map((link) => (
                <li key={link.label}>
                  <ConfigLink link={link} className="footer__external-link">
                    <Icon name="hospital" />
                    <span>{link.label}</span>
                    {link.href?.startsWith("http") ? <NewTabNote /> : null}
                  </ConfigLink>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        {footer.linkLists.map((list) => (
          <LinkColumn key={list.title} title={list.title}>
            <ul className="footer__links">
              {list.links.map((link) => (
                <li key={link.label}>
                  <ConfigLink link={link} />
                </li>
              ))}
            </ul>
          </LinkColumn>
        ))}
        <LinkColumn title={footer.specialities.title} className="footer__specialities">
          <ul className="footer__links footer__links--columns">
            {footer.specialities.names.map((name) => (
              <li key={name}>
                <Link to={footerSpecialityRoute(name)}>{name}</Link>
              </li>
            ))}
          </ul>
        </LinkColumn>
      </div>

      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p className="footer__copyright">
            © {site.footerYear} {site.name}
          </p>
          {footer.legal.length > 0 ? (
            <nav aria-label={uiText.legalNavigation}>
              <ul className="footer__legal">
                {footer.legal.map((link) => (
                  <li key={link.label}>
                    <ConfigLink link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
