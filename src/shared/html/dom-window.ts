/**
 * What the sanitiser runs on. In a browser: the page's own window (its HTML parser). Node has none:
 * the programs that sanitise there (the validator, the prerenderer, the tests) provide one made by
 * jsdom, and the shortcut that spares jsdom for strings already as the sanitiser would leave them
 * (node-dom.ts, canonical.ts), so this module, which browsers load, imports neither.
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

let shortcut: ((html: string) => boolean) | undefined;

/** Sets the test for strings the sanitiser would leave as they are (Node: canonical.ts). */
export function provideShortcut(test: (html: string) => boolean) {
  shortcut = test;
}

/** Whether `html` is known, without a DOM, to be what the sanitiser would make of it. */
export const alreadySanitised = (html: string): boolean => shortcut?.(html) ?? false;
