/**
 * Gives the sanitiser a window in Node: jsdom's, whose HTML parser (parse5) follows the HTML
 * standard as browsers do. Imported by the programs that sanitise in Node (validator, prerenderer).
 */
import { JSDOM } from "jsdom";
import { provideDomWindow } from "./dom-window";

/** Makes the sanitiser parse with a jsdom window (created on the first string that has a tag). */
export function installJsdom() {
  provideDomWindow(() => new JSDOM("").window as unknown as Window & typeof globalThis);
}
