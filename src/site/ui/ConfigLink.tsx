/**
 * Renders a config link (schemas/defs.schema.json#/$defs/link): a route becomes an in-site link (AppLink.tsx), an
 * href an ordinary anchor (external ones open in a new tab), and an action a button or a tel:/chat
 * link built from site.json.
 */
import type { ReactNode } from "react";
import type { Link } from "../../shared/generated/defs";
import type { Site } from "../../shared/generated/site";
import { useFallbackLang, useLayoutConfig } from "../i18n/context";
import { Link as SiteLink } from "./AppLink";
import { Icon } from "./Icon";
import { useSiteActions } from "./site-actions";

/** The tel: link of the 24x7 number. */
export const telHref = (site: Site) => `tel:${site.contact.phoneTel}`;

/** The chat-app link with the number and the prefilled message (in the page's language). */
export const chatHref = (site: Site) =>
  `${site.chatApp.baseUrl}${site.chatApp.number}?text=${encodeURIComponent(site.chatApp.message)}`;

interface ConfigLinkProps {
  link: Link;
  className?: string;
  /** Show the link's icon before its label. */
  withIcon?: boolean;
  children?: ReactNode;
  onNavigate?: () => void;
}

export function ConfigLink({ link, className, withIcon, children, onNavigate }: ConfigLinkProps) {
  const actions = useSiteActions();
  const { site } = useLayoutConfig();
  const langOf = useFallbackLang();
  const content = (
    <>
      {withIcon && link.icon ? <Icon name={link.icon} /> : null}
      {children ?? <span lang={langOf(link.label)}>{link.label}</span>}
    </>
  );
  if (link.route) {
    return (
      <SiteLink to={link.route} className={className} onClick={onNavigate}>
        {content}
      </SiteLink>
    );
  }
  if (link.href) {
    const external = link.href.startsWith("http");
    return (
      <a
        href={link.href}
        className={className}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        onClick={onNavigate}
      >
        {content}
      </a>
    );
  }
  switch (link.action) {
    case "call":
      return (
        <a href={telHref(site)} className={className} onClick={onNavigate}>
          {content}
        </a>
      );
    case "chat":
      return (
        <a href={chatHref(site)} className={className} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          {content}
        </a>
      );
    default: {
      // The two modal actions: the branch chooser, or the booking form.
      const open = link.action === "locations-modal" ? actions.openLocations : actions.openBookingModal;
      return (
        <button
          type="button"
          className={className}
          onClick={(e) => {
            onNavigate?.();
            open(e.currentTarget);
          }}
        >
          {content}
        </button>
      );
    }
  }
}
