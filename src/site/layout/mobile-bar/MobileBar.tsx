/** The bar fixed to the bottom of small screens (spec 2.5), from footer.mobileBar. */
import { useLayoutConfig } from "../../i18n/context";
import { ConfigLink } from "../../ui/ConfigLink";
import "./mobile-bar.css";

export function MobileBar() {
  const { footer, ui } = useLayoutConfig();
  if (footer.mobileBar.length === 0) return null;
  return (
    <nav className="mobile-bar" aria-label={ui.layout.quickActions}>
      <ul className="mobile-bar__list">
        {footer.mobileBar.map((link) => (
          <li key={link.label}>
            <ConfigLink
              link={link}
              withIcon
              className={`mobile-bar__link${link.action === "booking-modal" ? " mobile-bar__link--primary" : ""}`}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
