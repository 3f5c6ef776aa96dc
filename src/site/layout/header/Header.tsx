/**
 * The shared header (spec 2.4), entirely from navigation.json and site.json: the top bar, the
 * main navigation (fixed with the logo past site.scrollThresholdPx) and the mobile slide-in menu.
 */
import { useCallback, useId, useRef, useState } from "react";
import { useLayoutConfig } from "../../i18n/context";
import { useScrolledPast } from "../../ui/use-scrolled-past";
import { MobileMenu } from "../mobile-menu/MobileMenu";
import { MainNav } from "./MainNav";
import { TopBar } from "./TopBar";

export function Header() {
  const { site } = useLayoutConfig();
  const fixed = useScrolledPast(site.scrollThresholdPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <header className="site-header">
      <TopBar />
      {/* Holds the bar's height while the bar itself is fixed, so the page does not jump. */}
      <div className="nav-slot">
        <MainNav
          fixed={fixed}
          menuOpen={menuOpen}
          menuId={menuId}
          menuButtonRef={menuButtonRef}
          onOpenMenu={() => setMenuOpen(true)}
        />
      </div>
      <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} menuButton={menuButtonRef.current} />
    </header>
  );
}
