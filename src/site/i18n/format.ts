/**
 * Messages with placeholders: '{count, plural, one {# doctor} other {# doctors}}' chooses the
 * plural form the language's rules ask for (Telugu and Hindi have their own), '{name}' is filled
 * in. A text without '{' is shown exactly as written, so English pages keep their words byte for
 * byte.
 *
 * The build parses every message (message-asts.ts). Most only fill in their placeholders, which
 * the parsed message says plainly, so they are filled here; FormatJS's formatter (icu.ts) loads
 * only for a message with a plural, select or number in it: with a block that shows counts
 * (`await loadFullFormat()` in its module) or a page whose texts have one (route-data.ts). Its
 * translations can have no other kind: the validator holds each translation to its English
 * message's placeholders, used the same way.
 */
import type { ArgumentElement, LiteralElement } from "@formatjs/icu-messageformat-parser";
import type { icuFormat, icuParts } from "./icu";
import { messageAsts } from "./message-asts";
import { unparsedFormat } from "./unparsed";

type Values = Record<string, string | number>;

let full: { format: typeof icuFormat; parts: typeof icuParts } | undefined = unparsedFormat;
let loading: Promise<void> | undefined;

/**
 * Loads FormatJS's formatter, for the messages that need it; once. `load` is the import to use: a
 * block passes its own, so the build lists the formatter's chunk with the block's pages.
 */
export function loadFullFormat(load: () => Promise<typeof import("./icu")> = () => import("./icu")): Promise<void> {
  loading ??= load().then((module) => {
    full = { format: module.icuFormat, parts: module.icuParts };
  });
  return loading;
}

/**
 * Whether FormatJS's formatter is loaded: a page whose messages it formats asks the browser for a
 * number format before its first plural is shown (the app asks ahead, in a task of its own: start.tsx).
 */
export function formatsWithIntl(): boolean {
  return full !== undefined;
}

/** Adds a translation file's parsed messages (the build puts them in the file as `asts`). */
export function addMessageAsts(asts: unknown) {
  if (asts && typeof asts === "object") Object.assign(messageAsts, asts);
}

/** The parsed message when it only fills in placeholders (literal text and '{name}' arguments). */
function plain(message: string): (LiteralElement | ArgumentElement)[] | undefined {
  const ast = messageAsts[message];
  const simple = (element: (typeof ast)[number]) => element.type === 0 || element.type === 1;
  return ast?.every(simple) ? (ast as (LiteralElement | ArgumentElement)[]) : undefined;
}

/** Whether `text` is a message that needs FormatJS's formatter (a plural, select or number). */
export function needsFullFormat(text: string): boolean {
  return text.includes("{") && text in messageAsts && !plain(text);
}

/** Whether any text of `doc` (a config document, or a part of one) needs FormatJS's formatter. */
export function needsFullFormatIn(doc: unknown): boolean {
  if (typeof doc === "string") return needsFullFormat(doc);
  if (Array.isArray(doc)) return doc.some(needsFullFormatIn);
  return doc !== null && typeof doc === "object" && Object.values(doc).some(needsFullFormatIn);
}

/** The message with its placeholders filled, in `lang`'s plural rules and number format. */
export function formatMessage(message: string, values: Values, lang: string): string {
  if (!message.includes("{")) return message;
  const ast = plain(message);
  // As FormatJS fills an argument: the value as a string. A missing value is its error to raise.
  if (ast?.every((element) => element.type === 0 || element.value in values))
    return ast.map((element) => (element.type === 0 ? element.value : String(values[element.value]))).join("");
  // Not a valid message (shown as written), or one whose formatter was not loaded: the loaders
  // above keep the latter from happening.
  return full ? full.format(message, values, lang) : message;
}

/**
 * The message's parts, its placeholders filled with `values`, some of which may be objects (an
 * element inside a sentence: see message.tsx). Text and values stay parts of their own, as JSX
 * would have them; `lead` goes before the first (joining it when it is text).
 */
export function formatParts<T>(
  message: string,
  values: Record<string, string | number | T>,
  lang: string,
  lead = "",
): (string | T)[] {
  const ast = message.includes("{") ? plain(message) : undefined;
  let parts: (string | T)[];
  if (!message.includes("{")) parts = [message];
  else if (ast?.every((element) => element.type === 0 || element.value in values))
    parts = ast.map((element) => {
      if (element.type === 0) return element.value;
      const value = values[element.value];
      return typeof value === "string" || typeof value === "number" ? String(value) : value;
    });
  else parts = full ? full.parts(message, values, lang) : [message];
  if (!lead) return parts;
  return typeof parts[0] === "string" ? [lead + parts[0], ...parts.slice(1)] : [lead, ...parts];
}
