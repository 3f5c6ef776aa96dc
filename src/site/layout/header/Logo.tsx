import { site } from "../../config/site-config";
import { Link } from "../../ui/AppLink";
import { ConfigImage } from "../../ui/ConfigImage";
import { homeRoute } from "./home-route";
import "./logo.css";

/** The brand logo from site.json, linking home. Its alt text names the link. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to={homeRoute} className={className ? `logo ${className}` : "logo"} onClick={onClick}>
      <ConfigImage className="logo__image" image={site.logo} />
    </Link>
  );
}
