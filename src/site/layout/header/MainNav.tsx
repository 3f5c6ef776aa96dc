/**
 * The main navigation bar (spec 2.4): the items of navigation.json, mega-menus for items with
 * children, the Locations button and, on small screens, the menu button. It becomes fixed to the
 * top with the logo once the page is scrolled past site.scrollThresholdPx; Header reserves its
 * height so nothing below moves.
 *
 * Mega-menus open on mouse hover (and close a moment after the mouse leaves, so moving from the
 * button into the panel or across a gap does not close them), on click or tap (toggle), and from
 * the keyboard (see MegaMenu). One is open at a time; a click outside or a navigation closes it.
 */
import { type Ref, useCallback, useEffect, useRef, useState } from "react";
import type { Link as ConfigLinkData } from "../../../shared/generated/defs";
import { useLayoutConfig, useRoutePath } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { ConfigLink } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { MegaMenu } from "../mega-menu/MegaMenu";
import { activeItemKey, isCurrentPage } from "./active-item";
import { Logo } from "./Logo";
import { SiteSearchForm } from "./SiteSearchForm";
import "./main-nav.css";

/** How long a hover-opened menu stays after the mouse leaves it. */
export const HOVER_CLOSE_DELAY_MS = 200;

/** The Locations button, as a config link so ConfigLink makes the modal's button. */
export const locationsLink = (label: string): ConfigLinkData => ({ label, action: "locations-modal", icon: "map-pin" });

interface MainNavProps {
  fixed: boolean;
  menuOpen: boolean;
  menuId: string;
  menuButtonRef: Ref<HTMLButtonElement>;
  onOpenMenu: () => void;
}

export function MainNav({ fixed, menuOpen, menuId, menuButtonRef, onOpenMenu }: MainNavProps) {
  const { navigation, ui } = useLayoutConfig();
  const pathname = useRoutePath();
  const activeKey = activeItemKey(pathname, navigation.items);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const openedByHover = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);

  const cancelClose = useCallback(() => window.clearTimeout(closeTimer.current), []);
  const close = useCallback(() => {
    cancelClose();
    setOpenKey(null);
  }, [cancelClose]);

  // A navigation (a menu entry chosen) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes by design.
  useEffect(() => close(), [pathname, close]);
  useEffect(() => cancelClose, [cancelClose]);

  useEffect(() => {
    if (openKey === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openKey, close]);

  const open = (key: string, byHover: boolean) => {
    cancelClose();
    if (openKey !== key) openedByHover.current = byHover;
    setOpenKey(key);
  };

  const onTriggerClick = (key: string) => {
    if (openKey === key && openedByHover.current) {
      // The mouse that hovered the menu open is now clicking it: keep it open rather than
      // snatching it away.
      openedByHover.current = false;
      return;
    }
    if (openKey === key) close();
    else open(key, false);
  };

  return (
    <nav ref={navRef} className={`nav${fixed ? " nav--fixed" : ""}`} aria-label={ui.layout.mainNavigation}>
      <div className="container nav__inner">
        {fixed ? <Logo className="nav__logo" /> : null}
        <ul className="nav__list">
          {navigation.items.map((item) =>
            item.children?.length ? (
              <MegaMenu
                key={item.key}
                item={item}
                infoItems={navigation.infoItems}
                open={openKey === item.key}
                active={activeKey === item.key}
                pathname={pathname}
                onTriggerClick={() => onTriggerClick(item.key)}
                onOpen={() => open(item.key, false)}
                onClose={close}
                onMouseEnter={() => open(item.key, true)}
                onMouseLeave={() => {
                  cancelClose();
                  closeTimer.current = window.setTimeout(() => setOpenKey(null), HOVER_CLOSE_DELAY_MS);
                }}
              />
            ) : (
              <li key={item.key} className="nav__item">
                <Link
                  to={item.route}
                  className={`nav__link${activeKey === item.key ? " is-active" : ""}`}
                  aria-current={
                    activeKey === item.key ? (isCurrentPage(item.route, pathname) ? "page" : "true") : undefined
                  }
                >
                  {item.label}
                </Link>
              </li>
            ),
          )}
        </ul>
        <div className="nav__end">
          <SiteSearchForm className="nav__search" />
          <ConfigLink link={locationsLink(navigation.locations.buttonLabel)} withIcon className="nav__locations" />
          <button
            ref={menuButtonRef}
            type="button"
            className="nav__menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={onOpenMenu}
          >
            <Icon name="menu" />
            <span>{ui.layout.menu}</span>
          </button>
        </div>
      </div>
    </nav>
  );
}
