/**
 * The window whose HTML parser the sanitiser uses. In a browser that is the page's own window. Node
 * has none: the programs that sanitise there (the validator, the prerenderer, the tests) provide one
 * made by jsdom (node-dom.ts), so this module, which browsers load, never imports jsdom.
 */
import type { WindowLike } from "dompurify";

let provided: (() => WindowLike) | undefined;
let made: WindowLike | undefined;

/** Sets where Node code gets its window from; made on first use, as most strings need none. */
export function provideDomWindow(make: () => WindowLike) {
  provided = make;
  made = undefined;
}

/** The window to parse HTML with: a provided one, else the global window. */
export function domWindow(): WindowLike {
  if (provided) {
    made ??= provided();
    return made;
  }
  if (typeof window !== "undefined") return window as unknown as WindowLike;
  throw new Error(
    "No DOM to sanitise HTML with: in Node, import src/shared/html/node-dom.ts (which provides jsdom's) first.",
  );
}
