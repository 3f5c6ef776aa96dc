/**
 * The sanitiser's setting in Node: jsdom's window, whose HTML parser (parse5) follows the HTML
 * standard as browsers do, loaded on the first string that needs it (loading jsdom takes a good
 * part of a second); and the shortcut for strings already as the sanitiser would leave them
 * (canonical.ts), which spares jsdom for nearly every content string. Used by the programs that
 * sanitise in Node: the validator and the prerenderer.
 */
import { createRequire } from "node:module";
import { isCanonicalSafe } from "./canonical";
import { provideDomWindow, provideShortcut } from "./dom-window";

/** Makes the sanitiser parse with jsdom and take the shortcut (see above). */
export function installJsdom() {
  provideDomWindow(() => {
    const { JSDOM } = createRequire(import.meta.url)("jsdom") as typeof import("jsdom");
    return new JSDOM("").window as unknown as Window & typeof globalThis;
  });
  provideShortcut(isCanonicalSafe);
}
