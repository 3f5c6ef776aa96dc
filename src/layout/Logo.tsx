import { Link } from "react-router-dom";
import { site } from "../config/site-config";
import { homeRoute } from "./home-route";

/** The brand logo from site.json, linking home. Its alt text names the link. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to={homeRoute} className={className ? `logo ${className}` : "logo"} onClick={onClick}>
      <img
        className="logo__image"
        src={site.logo.src}
        alt={site.logo.alt}
        width={site.logo.width}
        height={site.logo.height}
        decoding="async"
      />
    </Link>
  );
}
