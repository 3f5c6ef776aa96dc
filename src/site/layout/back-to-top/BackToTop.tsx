/**
 * The back-to-top button (spec 2.4). It appears once the visitor has scrolled a screen's height,
 * scrolls to the top (instantly when reduced motion is asked for) and moves focus to the start
 * of the page, so the next Tab reaches the skip link and the header rather than the footer.
 */
import type { RefObject } from "react";
import { useUi } from "../../i18n/context";
import { prefersReducedMotion } from "../../ui/focus";
import { Icon } from "../../ui/Icon";
import { useScrolledPast } from "../../ui/use-scrolled-past";
import "./back-to-top.css";

export function BackToTop({ topRef }: { topRef: RefObject<HTMLElement | null> }) {
  const visible = useScrolledPast(() => window.innerHeight);
  const ui = useUi();
  return (
    <button
      type="button"
      className="back-to-top"
      hidden={!visible}
      aria-label={ui.layout.backToTop}
      title={ui.layout.backToTop}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
        topRef.current?.focus({ preventScroll: true });
      }}
    >
      <Icon name="arrow-up" />
    </button>
  );
}
