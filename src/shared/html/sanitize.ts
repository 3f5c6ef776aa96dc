/**
 * The sanitiser the renderer calls for content HTML. This is the server's (and the tests') copy,
 * built on xss; the client build swaps in sanitize.browser.ts (see vite.config.ts), which keeps the
 * same allowlist with the browser's own HTML parser, so xss never reaches the public bundle.
 */
export { sanitizeInlineHtml } from "./html";
