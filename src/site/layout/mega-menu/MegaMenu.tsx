/**
 * One navigation item with a mega-menu (spec 2.4): a disclosure button and the panel it controls.
 * MainNav decides which menu is open; this component turns keys into requests:
 * Enter/Space toggle (the button's own click), ArrowDown/ArrowUp open and move into the panel,
 * arrows move between entries, Escape closes and returns focus to the button, and focus moving
 * to anything outside the item closes it.
 */
import { type FocusEvent, type KeyboardEvent, useEffect, useRef } from "react";
import type { Navigation } from "../../../shared/generated/navigation";
import { useUi } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { tabbables } from "../../ui/focus";
import { Icon } from "../../ui/Icon";
import { isCurrentPage } from "../header/active-item";
import "./mega-menu.css";

type NavItem = Navigation["items"][number];
type InfoItem = Navigation["infoItems"][number];

export interface MegaMenuProps {
  item: NavItem;
  infoItems: InfoItem[];
  open: boolean;
  /** This item's section contains the current page. */
  active: boolean;
  pathname: string;
  /** The trigger was clicked or tapped (or Enter/Space pressed). */
  onTriggerClick: () => void;
  onOpen: () => void;
  onClose: () => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}

export const megaPanelId = (key: string) => `mega-${key}`;

/** The panel's overview link is shown only when no entry already leads to the item's own route. */
export const needsOverviewLink = (item: NavItem) => !(item.children ?? []).some((c) => c.route === item.route);

export function MegaMenu({
  item,
  infoItems,
  open,
  active,
  pathname,
  onTriggerClick,
  onOpen,
  onClose,
  onMouseEnter,
  onMouseLeave,
}: MegaMenuProps) {
  const ui = useUi();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const panelId = megaPanelId(item.key);

  useEffect(() => {
    if (!open || !focusOnOpen.current || !panelRef.current) return;
    const items = tabbables(panelRef.current);
    (focusOnOpen.current === "first" ? items[0] : items[items.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const moveFocus = (to: "first" | "last") => {
    if (open && panelRef.current) {
      const items = tabbables(panelRef.current);
      (to === "first" ? items[0] : items[items.length - 1])?.focus();
    } else {
      focusOnOpen.current = to;
      onOpen();
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      moveFocus(event.key === "ArrowDown" ? "first" : "last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      onClose();
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent, panel: HTMLElement) => {
    const items = tabbables(panel);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      event.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      triggerRef.current?.focus();
    } else if (event.key === "ArrowDown") go(index + 1);
    else if (event.key === "ArrowUp") go(index - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(items.length - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const target = event.target as Node;
    if (target === triggerRef.current) onTriggerKeyDown(event);
    else if (panelRef.current?.contains(target)) onPanelKeyDown(event, panelRef.current);
  };

  // Focus going to another element outside closes the menu. A null relatedTarget (a click on
  // the panel's background, or the window losing focus) does not: outside clicks are handled by
  // MainNav's pointer listener.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) onClose();
  };

  return (
    <li
      className={`nav__item nav__item--mega${open ? " is-open" : ""}`}
      onPointerEnter={(event) => event.pointerType === "mouse" && onMouseEnter()}
      onPointerLeave={(event) => event.pointerType === "mouse" && onMouseLeave()}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={triggerRef}
        type="button"
        className={`nav__link nav__trigger${active ? " is-active" : ""}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-current={active ? "true" : undefined}
        onClick={onTriggerClick}
      >
        <span>{item.label}</span>
        <Icon name="chevron-down" className="nav__chevron" />
      </button>
      <div ref={panelRef} id={panelId} className="mega" hidden={!open}>
        <div className="container mega__inner">
          <div className="mega__main">
            {needsOverviewLink(item) ? (
              <Link
                to={item.route}
                className="mega__overview"
                aria-current={isCurrentPage(item.route, pathname) ? "page" : undefined}
              >
                {item.label}
                <Icon name="arrow-up" className="mega__overview-arrow" />
              </Link>
            ) : null}
            <ul className="mega__list">
              {(item.children ?? []).map((child) => (
                <li key={child.id}>
                  <Link
                    to={child.route}
                    className="mega__link"
                    aria-current={isCurrentPage(child.route, pathname) ? "page" : undefined}
                  >
                    {child.img ? (
                      <img className="mega__img" src={child.img} alt="" width={48} height={48} loading="lazy" />
                    ) : null}
                    <span>{child.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          {infoItems.length > 0 ? (
            <ul className="mega__info" aria-label={ui.layout.quickLinks}>
              {infoItems.map((info) => (
                <li key={info.id}>
                  <Link to={info.route} className="info-item">
                    <span className="info-item__icon">
                      <Icon name={info.icon} />
                    </span>
                    <span className="info-item__title">{info.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </li>
  );
}
