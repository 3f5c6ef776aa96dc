/** Small helpers that put values, lists and places into the words of a message. */
import { pointerSegments } from "./problem";

/** A string in single quotes, shortened and with line breaks shown, as it appears in a message. */
export function quote(text: string, max = 100): string {
  const shown = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `'${shown.replace(/\r/g, "\\r").replace(/\n/g, "\\n").replace(/\t/g, "\\t")}'`;
}

/** Lists at most `max` items ("'a', 'b' and 3 more"), then how many more. */
export const some = (items: readonly string[], max = 5) =>
  list(items.length > max ? [...items.slice(0, max), `${items.length - max} more`] : items, "and");

/** A found value, described: "'Total Knee'", "the number 4", "true", "a list of 2 items". */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return value === "" ? "empty text ''" : quote(value);
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : `a list of ${plural(value.length, "item")}`;
  return "an object";
}

/** A found value described with its kind, for type mismatches: "the text '1'". */
export function describeWithKind(value: unknown): string {
  if (typeof value === "string") return value === "" ? "empty text" : `the text ${quote(value)}`;
  return describe(value);
}

const typeWords: Record<string, string> = {
  string: "text",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
};

/** What a JSON Schema type (or list of types) asks for, in words. */
export function typeInWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(",");
  return types.map((t) => typeWords[String(t)] ?? String(t)).join(" or ");
}

/** "a", "a or b", "a, b or c" (or "and"). */
export function list(items: readonly string[], conjunction: "or" | "and" = "or"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** Items in quotes, joined: "'a', 'b' or 'c'". */
export function quotedList(items: readonly unknown[], conjunction: "or" | "and" = "or"): string {
  return list(
    items.map((i) => (typeof i === "string" ? `'${i}'` : JSON.stringify(i))),
    conjunction,
  );
}

/** "1 item", "3 items". */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/** Names the value at a pointer: "'slug'", "item 3 of 'specialities'", "the file". */
export function subject(pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return "the file";
  const last = segments[segments.length - 1];
  if (!/^\d+$/.test(last)) return `'${last}'`;
  const item = `item ${Number(last) + 1}`;
  return segments.length > 1 ? `${item} of '${segments[segments.length - 2]}'` : item;
}

/** A title inside a sentence: "Heading block" -> "heading block", "FAQ" stays "FAQ". */
export function lowerTitle(title: string): string {
  return title.replace(/^([A-Z])([a-z])/, (_, first: string, next: string) => first.toLowerCase() + next);
}

/**
 * The first sentence of a schema description, ready to sit in brackets inside a sentence:
 * "The section's H2." -> "the section's H2".
 */
export function aboutFromDescription(description: string): string {
  const first = description.split(/(?<=[.!?])\s+(?=[A-Z])/)[0].replace(/[.!?]$/, "");
  return lowerTitle(first);
}
