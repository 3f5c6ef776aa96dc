import { useLayoutConfig } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { ConfigImage } from "../../ui/ConfigImage";
import "./logo.css";

/** The brand logo from site.json, linking home. Its alt text names the link. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { site, navigation } = useLayoutConfig();
  // The first navigation item's route is the site's home (/home here).
  const homeRoute = navigation.items[0].route;
  return (
    <Link to={homeRoute} className={className ? `logo ${className}` : "logo"} onClick={onClick}>
      <ConfigImage className="logo__image" image={site.logo} priority="low" />
    </Link>
  );
}
