/** Focus helpers shared by the modal, the mega-menus and the mobile menu. */

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/**
 * The elements of `root` that Tab reaches, in order. Elements inside a `hidden` ancestor (closed
 * sub-menus) or an inert one are left out; layout is not consulted, so this works the same in the
 * browser and in jsdom.
 */
export function tabbables(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) => !el.closest("[hidden], [inert]") && el.getAttribute("aria-hidden") !== "true",
  );
}

/** True when `el` can take focus back: still in the document and not inside a closed part. */
export function canRefocus(el: Element | null | undefined): el is HTMLElement {
  return !!el && el.isConnected && el instanceof HTMLElement && !el.closest("[hidden], [inert], dialog:not([open])");
}

/** Whether the visitor asked the system for less motion. */
export const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
