/**
 * FormatJS's ICU MessageFormat (intl-messageformat, 2.6 KB gzip): plurals, selects, numbers.
 * Loaded only where a message needs more than its placeholders filled in (format.ts's
 * `loadFullFormat`): the blocks that show counts, and a page whose own texts hold such a message.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { messageAsts } from "./message-asts";

const cache = new Map<string, IntlMessageFormat | null>();

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

/**
 * The message's parts with its placeholders filled, some of which may be objects (a link's element
 * inside a sentence): FormatJS gives the parts when a value is not text.
 */
export function icuParts<T>(
  message: string,
  values: Record<string, string | number | T>,
  lang: string,
): (string | T)[] {
  const format = compiled(message, lang);
  if (!format) return [message];
  const result = format.format<T>(values);
  return Array.isArray(result) ? result : [String(result)];
}

/** The message with its placeholders filled, in `lang`'s plural rules and number format. */
export function icuFormat(message: string, values: Record<string, string | number>, lang: string): string {
  const format = compiled(message, lang);
  if (!format) return message;
  const result = format.format(values);
  return Array.isArray(result) ? result.join("") : String(result);
}
