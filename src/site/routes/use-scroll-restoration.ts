/**
 * Scroll positions kept per history entry: back and forward return the reader to where they
 * were on that page (also across a reload, through sessionStorage); a new navigation to an
 * address with a #fragment scrolls to that element; any other new navigation starts at the top.
 *
 * Runs after the new page has committed (navigations are transitions, so that is when its content
 * is there), which is when the saved position can be reached.
 */
import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "../router/router";

const storageKey = "scroll-positions";
const positions = new Map<string, number>();
let restored = false;
// The history entry whose page is on screen. Not history.state: a navigation changes that at
// once, while the page it leaves stays on screen until the next one is ready, and a scroll event
// in between would be saved under the wrong entry (a back would then restore the wrong place).
let shownKey = "default";

function loadSaved() {
  if (restored) return;
  restored = true;
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? "{}") as Record<string, number>;
    for (const [key, y] of Object.entries(saved)) positions.set(key, y);
  } catch {
    // Storage unavailable (private mode) or spoilt: positions live for this page view only.
  }
}

function save() {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // As above: nothing to keep across reloads.
  }
}

function scrollToFragment(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    loadSaved();
    window.history.scrollRestoration = "manual";
    const remember = () => positions.set(shownKey, window.scrollY);
    const onPageHide = () => {
      remember();
      save();
    };
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, []);

  useLayoutEffect(() => {
    loadSaved();
    shownKey = location.key;
    const saved = positions.get(location.key);
    if (navigationType === "POP" && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash && scrollToFragment(location.hash)) return;
    else if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
