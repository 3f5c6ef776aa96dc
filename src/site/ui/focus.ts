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
 * The elements of `root` that Tab reaches, in order. Elements taken out of the tab order
 * (tabindex=-1, such as a form's honeypot) or inside a `hidden`, inert or aria-hidden ancestor
 * (closed sub-menus) are left out.
 */
export function tabbables(root: Element): HTMLElement[] {
  // Where there is layout (a browser, not jsdom), elements hidden by CSS are skipped too.
  const hasLayout = root.getClientRects().length > 0;
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest("[hidden], [inert], [aria-hidden='true']") &&
      (!hasLayout || el.getClientRects().length > 0),
  );
}

/** True when `el` can take focus back: still in the document and not inside a closed part. */
export function canRefocus(el: Element | null | undefined): el is HTMLElement {
  return !!el && el.isConnected && el instanceof HTMLElement && !el.closest("[hidden], [inert], dialog:not([open])");
}

/** Whether the visitor asked the system for less motion. */
export const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
