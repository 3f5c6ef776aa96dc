/**
 * The bar above the navigation (spec 2.4): logo, 24/7 emergency (a tel: link), the Book
 * Appointment button that opens the booking modal, the call number and the accreditation mark.
 */

import type { Link } from "../../../shared/generated/defs";
import { useLayoutConfig } from "../../i18n/context";
import type { LayoutConfig } from "../../i18n/layout-config";
import { ConfigImage } from "../../ui/ConfigImage";
import { ConfigLink } from "../../ui/ConfigLink";
import { LanguageSwitcher } from "../language-switcher/LanguageSwitcher";
import { Logo } from "./Logo";
import "./top-bar.css";

/** The top bar's three links, expressed as config links so ConfigLink builds tel: and the modal button. */
export function topBarLinks({ navigation: { topBar }, site }: Pick<LayoutConfig, "navigation" | "site">) {
  return {
    emergency: { label: topBar.emergencyLabel, action: "call", icon: "ambulance" },
    call: { label: `${topBar.callLabel} ${site.contact.phoneDisplay}`, action: "call", icon: "phone" },
    book: { label: topBar.bookLabel, action: "booking-modal", icon: "calendar" },
  } satisfies Record<string, Link>;
}

export function TopBar() {
  const config = useLayoutConfig();
  const { site } = config;
  const links = topBarLinks(config);
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <Logo className="top-bar__logo" />
        <LanguageSwitcher />
        <ul className="top-bar__actions">
          <li>
            <ConfigLink link={links.emergency} withIcon className="top-bar__emergency" />
          </li>
          <li className="top-bar__call-item">
            <ConfigLink link={links.call} withIcon className="top-bar__call" />
          </li>
          <li className="top-bar__book-item">
            <ConfigLink link={links.book} withIcon className="button button--accent top-bar__book" />
          </li>
        </ul>
        <ConfigImage className="top-bar__accreditation" image={site.accreditationLogo} priority="low" />
      </div>
    </div>
  );
}
