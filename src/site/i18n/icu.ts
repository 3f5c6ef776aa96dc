/**
 * FormatJS's ICU MessageFormat (intl-messageformat, 2.6 KB gzip): plurals, selects, numbers.
 * Loaded only where a message needs more than its placeholders filled in (format.ts's
 * `loadFullFormat`): the blocks that show counts, and a page whose own texts hold such a message.
 *
 * A message's locale is the page's language as the site names it, not negotiated: FormatJS asks
 * the browser which locales it supports for every message it compiles
 * (`Intl.NumberFormat.supportedLocalesOf`), and the first ask makes the browser list every locale
 * it has, about 50 ms of the main thread on a fast desktop and the largest single cost of
 * hydrating the home page in a Chromium profile (four times that on Lighthouse's phone). The
 * site's language codes are plain tags (en, te, hi) that the browser's formatters take as they are.
 * Every message also shares one set of formatters (plural rules, number and date formats) per
 * language and options, instead of making its own (tests/i18n/icu.test.ts counts them).
 */
import { type Formatters, IntlMessageFormat } from "intl-messageformat";
import { messageAsts } from "./message-asts";

/** `make`, called once per distinct list of arguments (locale and options, as JSON). */
function once<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}

const formatters: Formatters = {
  getNumberFormat: once((...args) => new Intl.NumberFormat(...args)),
  getDateTimeFormat: once((...args) => new Intl.DateTimeFormat(...args)),
  getPluralRules: once((...args) => new Intl.PluralRules(...args)),
};

IntlMessageFormat.resolveLocale = (locales) => new Intl.Locale(Array.isArray(locales) ? locales[0] : locales);

const cache = new Map<string, IntlMessageFormat | null>();

function compiled(message: string, lang: string): IntlMessageFormat | null {
  const key = `${lang}\u0000${message}`;
  let format = cache.get(key);
  if (format === undefined) {
    try {
      // Tags are text here: content HTML is sanitised where it is rendered, not interpreted here.
      format = new IntlMessageFormat(messageAsts[message] ?? message, lang, undefined, {
        ignoreTag: true,
        formatters,
      });
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
