/**
 * The slide-in menu of small screens (spec 2.4): a modal drawer (see Modal: focus trapped,
 * Escape closes, focus back on the menu button) with every navigation item, the mega-menus'
 * entries as expandable groups (buttons with aria-expanded), the info items and the top bar's
 * actions. Choosing a link or a navigation closes it.
 */
import { useEffect, useState } from "react";
import { useLayoutConfig, useRoutePath } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { Modal } from "../../ui/modal/Modal";
import { useSiteActions } from "../../ui/site-actions";
import { activeItemKey, isCurrentPage } from "../header/active-item";
import { Logo } from "../header/Logo";
import { SiteSearchForm } from "../header/SiteSearchForm";
import { needsOverviewLink } from "../mega-menu/MegaMenu";
import "./mobile-menu.css";

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The menu button: focus returns there, also when the menu hands over to another modal. */
  menuButton: HTMLElement | null;
}

export const mobileGroupId = (key: string) => `mobile-menu-${key}`;

export function MobileMenu({ id, open, onClose, menuButton }: MobileMenuProps) {
  const { navigation, site, ui } = useLayoutConfig();
  const pathname = useRoutePath();
  const actions = useSiteActions();
  const activeKey = activeItemKey(pathname, navigation.items);
  const [expanded, setExpanded] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on path changes by design.
  useEffect(() => onClose(), [pathname]);

  // Opening shows the group of the current page expanded, so the visitor sees where they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening matters.
  useEffect(() => {
    if (open) setExpanded(activeKey ?? null);
  }, [open]);

  const current = (route: string) => (isCurrentPage(route, pathname) ? "page" : undefined);

  return (
    <Modal
      id={id}
      open={open}
      onClose={onClose}
      title={ui.layout.menu}
      hideTitle
      variant="drawer"
      className="mobile-menu"
      opener={menuButton}
      closeLabel={ui.layout.closeMenu}
      headerStart={<Logo className="mobile-menu__logo" onClick={onClose} />}
    >
      <ul className="mobile-nav">
        {navigation.items.map((item) => {
          if (!item.children?.length) {
            return (
              <li key={item.key}>
                <Link
                  to={item.route}
                  className={`mobile-nav__link${activeKey === item.key ? " is-active" : ""}`}
                  aria-current={current(item.route)}
                  onClick={onClose}
                >
                  {item.label}
                </Link>
              </li>
            );
          }
          const isExpanded = expanded === item.key;
          return (
            <li key={item.key}>
              <button
                type="button"
                className={`mobile-nav__link mobile-nav__toggle${activeKey === item.key ? " is-active" : ""}`}
                aria-expanded={isExpanded}
                aria-controls={mobileGroupId(item.key)}
                onClick={() => setExpanded(isExpanded ? null : item.key)}
              >
                <span>{item.label}</span>
                <Icon name="chevron-down" className="mobile-nav__chevron" />
              </button>
              <ul id={mobileGroupId(item.key)} className="mobile-nav__group" hidden={!isExpanded}>
                {needsOverviewLink(item) ? (
                  <li>
                    <Link
                      to={item.route}
                      className="mobile-nav__sublink mobile-nav__overview"
                      aria-current={current(item.route)}
                      onClick={onClose}
                    >
                      {item.label}
                    </Link>
                  </li>
                ) : null}
                {item.children.map((child) => (
                  <li key={child.id}>
                    <Link
                      to={child.route}
                      className="mobile-nav__sublink"
                      aria-current={current(child.route)}
                      onClick={onClose}
                    >
                      {child.img ? <img className="mega__img" src={child.img} alt="" width={32} height={32} /> : null}
                      {child.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <SiteSearchForm className="mobile-menu__search" />
      {navigation.infoItems.length > 0 ? (
        <ul className="mobile-menu__info" aria-label={ui.layout.quickLinks}>
          {navigation.infoItems.map((info) => (
            <li key={info.id}>
              <Link to={info.route} className="info-item" onClick={onClose}>
                <span className="info-item__icon">
                  <Icon name={info.icon} />
                </span>
                <span className="info-item__title">{info.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mobile-menu__actions">
        <button
          type="button"
          className="button button--accent"
          onClick={() => {
            onClose();
            actions.openBookingModal(menuButton);
          }}
        >
          <Icon name="calendar" />
          {navigation.topBar.bookLabel}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onClose();
            actions.openLocations(menuButton);
          }}
        >
          <Icon name="map-pin" />
          {navigation.locations.buttonLabel}
        </button>
        <a href={telHref(site)} className="button button--ghost">
          <Icon name="phone" />
          {navigation.topBar.callLabel} {site.contact.phoneDisplay}
        </a>
      </div>
    </Modal>
  );
}
