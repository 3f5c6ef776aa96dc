/**
 * Messages with placeholders, formatted by FormatJS's ICU MessageFormat (intl-messageformat):
 * '{count, plural, one {# doctor} other {# doctors}}' chooses the plural form the language's rules
 * ask for (Telugu and Hindi have their own), '{name}' is filled in. A text without '{' is shown
 * exactly as written, so English pages keep their words byte for byte. The site's messages come
 * parsed by the build (message-asts.ts); others are parsed here where the parser is present.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { messageAsts } from "./message-asts";

const cache = new Map<string, IntlMessageFormat | null>();

/** Adds a translation file's parsed messages (the build puts them in the file as `asts`). */
export function addMessageAsts(asts: unknown) {
  if (asts && typeof asts === "object") Object.assign(messageAsts, asts);
}

function compiled(message: string, lang: string): IntlMessageFormat | null {
  const key = `${lang}\u0000${message}`;
  let format = cache.get(key);
  if (format === undefined) {
    try {
      // Tags are text here: content HTML is sanitised where it is rendered, not interpreted here.
      format = new IntlMessageFormat(messageAsts[message] ?? message, lang, undefined, { ignoreTag: true });
    } catch {
      // The validator refuses a translation whose placeholders are broken; an English text that
      // is not a valid message is shown as written rather than not at all.
      format = null;
    }
    cache.set(key, format);
  }
  return format;
}

/** The message with its placeholders filled, in `lang`'s plural rules and number format. */
export function formatMessage(message: string, values: Record<string, string | number>, lang: string): string {
  if (!message.includes("{")) return message;
  const format = compiled(message, lang);
  if (!format) return message;
  const result = format.format(values);
  return Array.isArray(result) ? result.join("") : String(result);
}
