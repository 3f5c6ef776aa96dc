/**
 * In-site links as plain anchors. react-router's <Link> runs about a dozen hooks per link (path
 * resolution, prefetch, the click handler) and a page has ~100 of them in its header, menus and
 * footer: that was a sixth of the prerenderer's time per page, and work for every hydration. Here a
 * link is an <a href> whose click calls one navigate function provided at the root.
 *
 * Outside that provider (a component rendered on its own, the editor's preview) the link asks the
 * router for its navigate function itself, so it behaves the same anywhere. react-router's own
 * <Link> is not used at all: it brings its prefetching and view transitions into the bundle.
 */
import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { useLocalPath } from "../i18n/context";
import { useNavigate } from "../router/router";

type Navigate = (to: string, options: { replace: boolean }) => void;

const NavigateContext = createContext<Navigate | null>(null);

/** Provides the navigate function in-site links call (once, at the root of the app). */
export function LinkNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

/** Whether a click is the browser's plain "follow this link here" (not a new tab, not a download). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  const { currentTarget: anchor } = event;
  return (
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!anchor.target || anchor.target === "_self") &&
    !anchor.hasAttribute("download")
  );
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /**
   * The in-site path, such as '/contact-us' or '/specialities/cardiology#treatments', as the
   * default language has it: on a page in another language the link goes to that language's page.
   */
  to: string;
};

/** A link to a page of the site, in the page's language. */
export function Link({ to: route, ...rest }: LinkProps) {
  const navigate = useContext(NavigateContext);
  const to = useLocalPath()(route);
  if (!navigate) return <RoutedLink to={to} {...rest} />;
  return <Anchor navigate={navigate} to={to} {...rest} />;
}

/** A link outside the provider: the navigate function from the router. */
function RoutedLink(props: LinkProps) {
  return <Anchor navigate={useNavigate()} {...props} />;
}

function Anchor({ navigate, to, onClick, ...rest }: LinkProps & { navigate: Navigate }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    // As react-router's link: following a link to the page one is on replaces the history entry.
    navigate(to, { replace: here === to });
  };
  return <a href={to} onClick={follow} {...rest} />;
}
