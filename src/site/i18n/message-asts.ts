/**
 * The site's messages parsed ahead of time, by their text: the production build fills this map
 * (src/build/vite/message-asts-plugin.ts) with the default language's texts that have a
 * placeholder, and each translation file brings its own (format.ts's `addMessageAsts`), so FormatJS's message
 * parser (7 KB gzip) stays out of the bundle. Elsewhere (tests, the editor, `npm run dev`) the map
 * stays empty and messages are parsed as they are met.
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export const messageAsts: Record<string, MessageFormatElement[]> = {};
