/**
 * The root route: the shared layout around the current page, scroll restoration, the canonical
 * refresh after each navigation, and route code preloaded when a link is hovered, focused or
 * touched. A page whose content or code cannot be loaded shows 'Content Not Loaded' in place.
 */
import { Component, type ReactNode, Suspense, use, useEffect } from "react";
import { endInitialHydration } from "../forms/lazy-lead-form";
import { LanguageProvider, useUi } from "../i18n/context";
import { defaultLanguage } from "../i18n/languages";
import { layoutConfig } from "../i18n/layout-config";
import { Layout } from "../layout/Layout";
import { Outlet, useLocation } from "../router/router";
import { useCanonicalRefresh } from "../seo/head";
import { LinkNavigationProvider } from "../ui/AppLink";
import { ContentNotLoaded } from "../ui/ContentNotLoaded";
import { NotificationsProvider } from "../ui/notifications/Notifications";
import { messages } from "../ui/renderer-text";
import { preloadSanitiser } from "../ui/text";
import { preloadRoute } from "./preload";
import { useScrollRestoration } from "./use-scroll-restoration";
import "./page-loading.css";

function usePreloadOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (anchor && anchor.origin === window.location.origin) {
        void preloadRoute(anchor.pathname);
        // The next page is rendered here, not by the server: its content HTML needs the sanitiser.
        preloadSanitiser();
      }
    };
    const options = { passive: true, capture: true } as const;
    for (const type of ["pointerover", "focusin", "touchstart"]) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of ["pointerover", "focusin", "touchstart"])
        document.removeEventListener(type, onIntent, options);
    };
  }, []);
}

/** Shown while a page's code loads on a page the server did not prerender. */
function RouteLoading() {
  const ui = useUi();
  return (
    <div className="container page-loading" aria-busy="true">
      <p>{ui.layout.loading}</p>
    </div>
  );
}

/** A page that could not be loaded (offline, a deploy replaced its code): the next address retries. */
class PageBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(messages.pageFailed, error);
  }

  override render() {
    return this.state.failed ? (
      <div className="container">
        <ContentNotLoaded />
      </div>
    ) : (
      this.props.children
    );
  }
}

/**
 * Marks the end of the prerendered page's hydration. Inside the page's Suspense boundary, which
 * React hydrates after the layout around it, so its effect runs once the page itself is live.
 */
function PageHydrated() {
  useEffect(() => {
    endInitialHydration();
    // Says the page now responds to input (the browser tests wait for it; so could styles).
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

/** The root of one language's routes: `lang` is the language of every page below it. */
export function Root({ lang = defaultLanguage }: { lang?: string }) {
  const { pathname } = useLocation();
  // Loaded with the route before hydrating and before a navigation renders (its route handle).
  const config = use(layoutConfig(lang));
  useCanonicalRefresh(pathname);
  usePreloadOnIntent();
  useScrollRestoration();
  useEffect(() => {
    // The page arrives with its lang ('en-IN' for English); only a change of language changes it.
    const html = document.documentElement;
    if (html.lang.split("-")[0] !== lang) html.lang = lang;
  }, [lang]);
  return (
    <LanguageProvider config={config}>
      <LinkNavigationProvider>
        <NotificationsProvider>
          {/* A boundary of its own: React hydrates a prerendered page's root in one task, what is
              inside a Suspense boundary in short slices that let the browser respond between them
              (the page below has one too). Nothing in the layout waits for anything. */}
          <Suspense>
            <Layout>
              <PageBoundary pathname={pathname}>
                <Suspense fallback={<RouteLoading />}>
                  <Outlet />
                  <PageHydrated />
                </Suspense>
              </PageBoundary>
            </Layout>
          </Suspense>
        </NotificationsProvider>
      </LinkNavigationProvider>
    </LanguageProvider>
  );
}
