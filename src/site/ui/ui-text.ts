/**
 * Interface words the layout needs that no config file holds yet: the names of controls
 * ("Close", "Menu", "Back to top") and of landmarks. None of it is about the hospital; every
 * hospital-specific text comes from site-config/. Kept in one place so it can move into
 * site.json (for another language) without touching the components.
 */
export const uiText = {
  skipToContent: "Skip to main content",
  mainNavigation: "Main navigation",
  menu: "Menu",
  closeMenu: "Close menu",
  close: "Close",
  backToTop: "Back to top",
  quickActions: "Quick actions",
  legalNavigation: "Legal",
  social: "Social media",
  opensInNewTab: "(opens in a new tab)",
  quickLinks: "Quick links",
} as const;
