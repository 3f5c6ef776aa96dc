/** The buttons fixed to the side of large screens (spec 2.4), from navigation.sideButtons. */
import { navigation } from "../../config/site-config";
import { ConfigLink } from "../../ui/ConfigLink";
import "./side-buttons.css";

export function SideButtons() {
  if (navigation.sideButtons.length === 0) return null;
  return (
    <div className="side-buttons">
      {navigation.sideButtons.map((link) => (
        <ConfigLink
          key={link.label}
          link={link}
          withIcon
          className={`side-button${link.action === "call" ? " side-button--call" : ""}`}
        />
      ))}
    </div>
  );
}
