/**
 * Whether the page is scrolled more than a limit, from one passive scroll listener. React skips
 * the render when the answer does not change, so scrolling costs a comparison.
 */
import { useEffect, useRef, useState } from "react";

/** `limit` is CSS pixels, or a function read on every scroll (for limits that follow the viewport). */
export function useScrolledPast(limit: number | (() => number)): boolean {
  const limitRef = useRef(limit);
  limitRef.current = limit;
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => {
      const current = limitRef.current;
      setPast(window.scrollY > (typeof current === "function" ? current() : current));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  return past;
}
