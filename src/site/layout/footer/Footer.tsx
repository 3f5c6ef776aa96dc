/**
 * The shared footer (spec 2.5), entirely from footer.json and site.json: about text, contact (the
 * 24x7 number, e-mail and the chat-app link with its prefilled message), social links, the
 * specialities (each to /specialities/{slug of the name}), the link lists, the group's other
 * sites, the legal links and the copyright year.
 */
import { type ReactNode, useId } from "react";
import { slugify } from "../../../shared/slug";
import { entryRoute } from "../../entries/entry-routes";
import { useFallbackLang, useLayoutConfig, useUi } from "../../i18n/context";
import { defaultLayout } from "../../i18n/layout-config";
import { Link } from "../../ui/AppLink";
import { ConfigLink, chatHref, telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import "./footer.css";

/** The page of a speciality named in the footer: /specialities/{slug of the name}. */
export const footerSpecialityRoute = (name: string) => entryRoute("specialities", slugify(name));

function NewTabNote() {
  const ui = useUi();
  return (
    <>
      {" "}
      <span className="visually-hidden">{ui.layout.opensInNewTab}</span>
    </>
  );
}

function LinkColumn({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  const langOf = useFallbackLang();
  return (
    <nav className={`footer__column${className ? ` ${className}` : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="footer__heading" lang={langOf(title)}>
        {title}
      </h2>
      {children}
    </nav>
  );
}

export function Footer() {
  const { footer, navigation, site, ui } = useLayoutConfig();
  const langOf = useFallbackLang();
  // A speciality's page is named by its English name's slug, whatever language the name is shown in.
  const englishNames = defaultLayout.footer.specialities.names;
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section className="footer__column footer__about">
          <h2 className="footer__heading" lang={langOf(footer.about.title)}>
            {footer.about.title}
          </h2>
          <p className="footer__text" lang={langOf(footer.about.text)}>
            {footer.about.text}
          </p>
          {site.social.length > 0 ? (
            <ul className="footer__social" aria-label={ui.layout.social}>
              {site.social.map((social) => (
                <li key={social.network}>
                  <a
                    href={social.href}
                    className="social-link"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.label} ${ui.layout.opensInNewTab}`}
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
          <h2 className="footer__heading" lang={langOf(footer.contactTitle)}>
            {footer.contactTitle}
          </h2>
          <ul className="footer__contact-list">
            <li>
              <a href={telHref(site)} className="footer__contact-link footer__phone">
                <Icon name="phone" />
                <span>
                  <span className="footer__contact-caption" lang={langOf(navigation.topBar.emergencyLabel)}>
                    {navigation.topBar.emergencyLabel}
                  </span>{" "}
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
              <a href={chatHref(site)} className="footer__contact-link" target="_blank" rel="noopener noreferrer">
                <Icon name="chat" />
                <span lang={langOf(site.chatApp.label)}>{site.chatApp.label}</span>
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
                    <span lang={langOf(link.label)}>{link.label}</span>
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
            {footer.specialities.names.map((name, i) => (
              <li key={englishNames[i] ?? name}>
                <Link to={footerSpecialityRoute(englishNames[i] ?? name)} lang={langOf(name)}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </LinkColumn>
      </div>

      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p className="footer__copyright" lang={langOf(site.name)}>
            © {site.footerYear} {site.name}
          </p>
          {footer.legal.length > 0 ? (
            <nav aria-label={ui.layout.legalNavigation}>
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
