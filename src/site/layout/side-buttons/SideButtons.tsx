/** The buttons fixed to the side of large screens (spec 2.4), from navigation.sideButtons. */
import { useLayoutConfig } from "../../i18n/context";
import { ConfigLink } from "../../ui/ConfigLink";
import "./side-buttons.css";

export function SideButtons() {
  const { navigation, ui } = useLayoutConfig();
  if (navigation.sideButtons.length === 0) return null;
  return (
    // A landmark of its own: everything on a page belongs to one, so a screen reader's list of
    // landmarks reaches these buttons too.
    <aside className="side-buttons" aria-label={ui.layout.quickActions}>
      {navigation.sideButtons.map((link) => (
        <ConfigLink
          key={link.label}
          link={link}
          withIcon
          className={`side-button${link.action === "call" ? " side-button--call" : ""}`}
        />
      ))}
    </aside>
  );
}
