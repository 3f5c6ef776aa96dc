/**
 * The root route: the shared layout around the current page, scroll restoration (positions kept
 * on back/forward, #anchors scrolled to), the canonical refresh after each navigation, and route
 * code preloaded when a link is hovered, focused or touched.
 */
import { useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { Layout } from "../layout/Layout";
import { NotificationsProvider } from "../layout/Notifications";
import { useCanonicalRefresh } from "../seo/head";
import { preloadRoute } from "./preload";

function usePreloadOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (anchor && anchor.origin === window.location.origin) preloadRoute(anchor.pathname);
    };
    const options = { passive: true, capture: true } as const;
    for (const type of ["pointerover", "focusin", "touchstart"]) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of ["pointerover", "focusin", "touchstart"])
        document.removeEventListener(type, onIntent, options);
    };
  }, []);
}

export function Root() {
  const { pathname } = useLocation();
  useCanonicalRefresh(pathname);
  usePreloadOnIntent();
  return (
    <NotificationsProvider>
      <Layout>
        <Outlet />
      </Layout>
      <ScrollRestoration />
    </NotificationsProvider>
  );
}
