/**
 * An accessible modal dialog on the native <dialog> element: showModal() puts it in the top layer
 * and makes the rest of the page inert, so screen readers and clicks stay inside. On top of that:
 * focus moves to the first control inside on open, Tab and Shift+Tab wrap inside (the browser
 * alone would let Tab leave for its own toolbar), Escape, the close button and a click on the
 * backdrop close it, the page behind does not scroll, and focus goes back to the opener on close.
 *
 * The parent owns `open`; every way of closing calls `onClose` so that state stays the truth.
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useUi } from "../../i18n/context";
import { canRefocus, tabbables } from "../focus";
import { Icon } from "../Icon";
import "./modal.css";

let scrollLocks = 0;
const lockScroll = () => {
  if (scrollLocks++ === 0) document.documentElement.classList.add("is-scroll-locked");
};
const unlockScroll = () => {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks === 0) document.documentElement.classList.remove("is-scroll-locked");
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog element's id, for a trigger's aria-controls. */
  id?: string;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** Keep the title for screen readers only (the mobile menu shows the logo instead). */
  hideTitle?: boolean;
  /** Where focus returns on close; by default the element that had focus when it opened. */
  opener?: HTMLElement | null;
  /** A centred dialog, or a panel sliding in from the side. */
  variant?: "dialog" | "drawer";
  className?: string;
  /** Shown at the start of the header row, before the title. */
  headerStart?: ReactNode;
  closeLabel?: string;
  children: ReactNode;
}

export function Modal({
  id,
  open,
  onClose,
  title,
  hideTitle = false,
  opener,
  variant = "dialog",
  className,
  headerStart,
  closeLabel,
  children,
}: ModalProps) {
  const ui = useUi();
  const closeText = closeLabel ?? ui.layout.close;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const openerRef = useRef(opener);
  openerRef.current = opener;
  // The body is rendered from the first opening on: a closed dialog shows nothing, so its content
  // (the mobile menu's links, the branch cards) is not in every prerendered page's HTML, nor
  // hydrated on every page view. Kept afterwards, so closing and reopening keeps its state.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const returnTo = openerRef.current ?? (document.activeElement as HTMLElement | null);
    if (!dialog.open) dialog.showModal();
    lockScroll();
    const first =
      (bodyRef.current && tabbables(bodyRef.current)[0]) ?? dialog.querySelector<HTMLElement>(".modal__close");
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      unlockScroll();
      // Another modal taking over (the mobile menu handing on to the branch chooser) keeps focus.
      if (canRefocus(returnTo) && !document.querySelector("dialog[open]")) returnTo.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const items = tabbables(event.currentTarget);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click whose target is the <dialog> itself landed on the backdrop: the panel fills the box.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      id={id}
      className={["modal", `modal--${variant}`, className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdropClick}
    >
      <div className="modal__panel">
        <div className="modal__header">
          {headerStart}
          <h2 id={titleId} className={hideTitle ? "visually-hidden" : "modal__title"}>
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={closeText}>
            <Icon name="close" />
          </button>
        </div>
        <div ref={bodyRef} className="modal__body">
          {opened ? children : null}
        </div>
      </div>
    </dialog>
  );
}
