/** Messages about values that do not match their schema. */

import { list, plural, quote, quotedList } from "../words";
import { didYouMean, entry } from "./entry";

export const MissingProperty = entry({
  name: "MissingProperty",
  title: "A required property is missing.",
  severity: "error",
  message: (property: string, about: string | undefined, holder: string) =>
    `Expected the property '${property}'${about ? ` (${about})` : ""}, but ${holder} has none.`,
});

export const MissingField = entry({
  name: "MissingProperty",
  title: "A required field is empty.",
  severity: "error",
  message: (label: string, holder: string) => `Fill in '${label}': ${holder} needs it.`,
});

export const UnexpectedProperty = entry({
  name: "UnexpectedProperty",
  title: "A property is not allowed here.",
  severity: "error",
  message: (property: string, holder: string, suggestion: string | undefined, allowed: string[]) =>
    `Found the property '${property}', which ${holder} does not take` +
    (suggestion ? `; did you mean '${suggestion}'?` : `. It takes ${quotedList(allowed, "and")}.`),
});

export const UnexpectedName = entry({
  name: "UnexpectedName",
  title: "A name is not allowed here.",
  severity: "error",
  message: (name: string, where: string, suggestion: string | undefined, allowed: unknown[]) =>
    `Found the name '${name}' in ${where}, which is not allowed there` +
    (suggestion ? `; did you mean '${suggestion}'?` : `. Use ${quotedList(allowed)}.`),
});

export const WrongType = entry({
  name: "WrongType",
  title: "A value has the wrong type.",
  severity: "error",
  message: (what: string, expected: string, found: string) => `Expected ${what} to be ${expected}, but found ${found}.`,
});

export const NotAllowedValue = entry({
  name: "NotAllowedValue",
  title: "A value is not one of the allowed values.",
  severity: "error",
  message: (what: string, allowed: unknown[], found: string, suggestion: string | undefined) =>
    `Expected ${what} to be ${allowed.length === 1 ? quotedList(allowed) : `one of ${quotedList(allowed)}`}, but found ${found}${didYouMean(suggestion)}`,
});

export const PatternMismatch = entry({
  name: "PatternMismatch",
  title: "A value is not in the expected form.",
  severity: "error",
  message: (what: string, expected: string, found: string) => `Expected ${what} to be ${expected}, but found ${found}.`,
});

export const BadFormat = entry({
  name: "BadFormat",
  title: "A value is not in the expected format.",
  severity: "error",
  message: (what: string, expected: string, found: string) => `Expected ${what} to be ${expected}, but found ${found}.`,
});

export const TooShort = entry({
  name: "TooShort",
  title: "A text is too short.",
  severity: "error",
  message: (what: string, limit: number, found: string) =>
    limit === 1
      ? `Expected ${what} to have some text, but found empty text.`
      : `Expected ${what} to be at least ${plural(limit, "character")} long, but found ${found}.`,
});

export const BlankText = entry({
  name: "BlankText",
  title: "A text is only spaces.",
  severity: "error",
  message: (what: string) =>
    `Expected ${what} to have some text, but found only spaces or line breaks, which show as a gap on the page. Write the text, or remove the field if it is optional.`,
});

export const TooLong = entry({
  name: "TooLong",
  title: "A text is too long.",
  severity: "error",
  message: (what: string, limit: number, length: number) =>
    `Expected ${what} to be at most ${plural(limit, "character")} long, but found ${plural(length, "character")}.`,
});

export const WrongItemCount = entry({
  name: "WrongItemCount",
  title: "A list has too few or too many items.",
  severity: "error",
  message: (what: string, bound: string, count: number) =>
    `Expected ${what} to have ${bound}, but found ${count === 0 ? "an empty list" : plural(count, "item")}.`,
});

export const OutOfRange = entry({
  name: "OutOfRange",
  title: "A number is out of range.",
  severity: "error",
  message: (what: string, bound: string, found: string) => `Expected ${what} to be ${bound}, but found ${found}.`,
});

export const UnknownBlockType = entry({
  name: "UnknownBlockType",
  title: "A block has an unknown type.",
  severity: "error",
  message: (kind: string, type: string, allowed: string[], suggestion: string | undefined) =>
    `Unknown ${kind} type ${quote(type)}.${suggestion ? ` Did you mean '${suggestion}'?` : ""} Use one of: ${allowed.join(", ")}.`,
});

export const MissingBlockType = entry({
  name: "MissingBlockType",
  title: "A block names no type.",
  severity: "error",
  message: (kind: string, tag: string, found: string, allowed: string[]) =>
    `Expected the ${kind} to have a '${tag}' naming its kind, but found ${found}. Use one of: ${allowed.join(", ")}.`,
});

export const ExactlyOneOf = entry({
  name: "ExactlyOneOf",
  title: "Exactly one of some properties is needed.",
  severity: "error",
  message: (holder: string, names: string[], present: string[]) =>
    present.length === 0
      ? `Expected ${holder} to have one of ${quotedList(names)}, but it has none.`
      : `Expected ${holder} to have only one of ${quotedList(names)}, but it has ${quotedList(present, "and")}.`,
});

export const NoMatchingForm = entry({
  name: "NoMatchingForm",
  title: "A value matches none of its allowed forms.",
  severity: "error",
  message: (what: string, matches: number) =>
    `Expected ${what} to match exactly one of its allowed forms, but it matches ${matches === 0 ? "none" : matches}.`,
});

export const UnsafeHtml = entry({
  name: "UnsafeHtml",
  title: "A text holds HTML that would not show as written.",
  severity: "error",
  message: (what: string, problems: string[]) =>
    `Expected ${what} to use only safe inline HTML, but ${list(problems, "and")}.`,
  hint: "Allowed: <strong>, <b>, <em>, <i>, <u>, <br>, <span>, <small>, <sup>, <sub> and <a href> to https:, mailto:, tel: or '/' addresses.",
});

export const SchemaMismatch = entry({
  name: "SchemaMismatch",
  title: "A value does not match its schema.",
  severity: "error",
  message: (what: string, detail: string) => `Expected ${what} to match its schema, but it does not: ${detail}.`,
});
