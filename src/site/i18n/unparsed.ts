/**
 * How a message is formatted where nothing parsed it ahead of time (unit tests, `npm run dev`, the
 * editor's preview): FormatJS, with its parser, at once. The production build replaces this
 * module with `undefined` (src/build/vite/message-asts-plugin.ts): there every message arrives
 * parsed, and FormatJS loads only with what needs it (format.ts).
 */
import { icuFormat, icuParts } from "./icu";

export const unparsedFormat: { format: typeof icuFormat; parts: typeof icuParts } | undefined = {
  format: icuFormat,
  parts: icuParts,
};
