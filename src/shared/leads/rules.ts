/**
 * A form's field rules, applied the same way in the browser (react-hook-form) and in the relay
 * (which trusts nothing the browser says). The messages are the exact texts of the form's config
 * (spec section 5); this module only decides which one applies.
 *
 * Pure: no React, no DOM, no Node APIs, so both sides import it.
 */
import type { Field, Form } from "../generated/form";

/** A form's answers by field name, as typed. */
export type FormValues = Record<string, string>;

/** The message of each field that breaks a rule, by field name. */
export type FieldErrors = Record<string, string>;

/**
 * The longest answer a field takes when its config gives no maxLength rule. The input stops there
 * (maxLength attribute), so only a hand-made request can break it; it bounds what the outbox
 * stores.
 */
export const defaultMaxLength = { textarea: 2000, other: 200 } as const;

/**
 * Messages for answers no form control can produce (a select value that is not an option, a date
 * that is not a date, an answer longer than the input takes). They stand in for rules the config
 * cannot express, so they are fixed here rather than in site-config.
 */
export const structuralMessages = {
  notAnOption: "Please choose one of the options",
  notADate: "Please choose a valid date",
  tooLong: (max: number) => `Please use at most ${max} characters`,
} as const;

// The WHATWG "valid e-mail address" grammar (what <input type=email> accepts), plus a dot in the
// domain: an address at a bare host name cannot reach a patient. Not one that starts with =, + or
// -: a spreadsheet would read the CRM's copy as a formula, and no patient's address looks so.
const emailPattern =
  /^(?![=+-])[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const compiled = new Map<string, RegExp>();

/**
 * Telugu (౦-౯) and Devanagari (०-९) digits, which a Telugu or Hindi keyboard types, as the
 * digits 0-9: a phone number is the same number in any script, and the CRM dials ASCII.
 */
const nativeDigits = /[\u0C66-\u0C6F\u0966-\u096F]/g;

/** The value with Telugu and Devanagari digits written 0-9 ('౯౮౭' -> '987'). */
export const asciiDigits = (value: string) =>
  value.replace(nativeDigits, (d) => String(((d.codePointAt(0) as number) & 0xff) - 0x66));

// Spaces (a no-break one too), dashes, dots and brackets people put between a number's digits.
const phoneSeparators = /[\s\u00a0\u2010-\u2015\-.()]/g;
// An Indian mobile number as people write it: +91, 0091 or 91 (the country code), then perhaps a
// leading 0 (the trunk prefix dialled within India), then the ten digits.
const indianMobile = /^(?:(?:\+|00)91|91(?=0?\d{10}$))?0?(\d{10})$/;

/**
 * A phone number as typed, pasted or filled in by the browser, reduced to the ten digits the spec
 * keeps: digits 0-9 in any of the site's scripts, without spaces, dashes or brackets, and without
 * "+91" or a leading "0" in front ('+91 98480-12345', '098480 12345' and '౯౮౪౮౦ ౧౨౩౪౫' are all
 * '9848012345'). What is not such a number comes back without its separators, for the rules to refuse.
 */
export function nationalNumber(value: string): string {
  const compact = asciiDigits(value).replace(phoneSeparators, "");
  return indianMobile.exec(compact)?.[1] ?? compact;
}

/** An answer as the rules read it: trimmed, and for a phone field its ten digits (nationalNumber). */
const answerOf = (field: Pick<Field, "type">, raw: string | undefined) => {
  const value = (raw ?? "").trim();
  return field.type === "tel" ? nationalNumber(value) : value;
};

/**
 * How long an answer is: in characters as Unicode counts them (code points), so a Telugu or Hindi
 * name's vowel signs and viramas count as the letters they are typed as ('రవి' is 3, 'राम' is 3).
 */
const lengthOf = (value: string) => [...value].length;

/** The config's pattern as a regular expression matching the whole value ("must match" means all of it). */
export function wholeValuePattern(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(`^(?:${source})$`);
    compiled.set(source, re);
  }
  return re;
}

/**
 * The most characters a field's answer has: its maxLength rule, or the default for its kind. A
 * phone field's answer is its digits once "+91", a leading 0 and separators are set aside.
 */
export function maxLengthOf(field: Field): number {
  return (
    field.rules?.maxLength?.value ?? (field.type === "textarea" ? defaultMaxLength.textarea : defaultMaxLength.other)
  );
}

/**
 * Room a phone input gives beyond its digits, for the "+91 ", the 0 and the spaces and dashes
 * people type or paste around them ('+91 (0) 98480-12345' is 19 characters for 10 digits).
 */
const phoneTypingRoom = 10;

/**
 * The most characters the input itself takes (its maxlength attribute): the answer's maximum, and
 * for a phone field room for how people write the number, so a pasted '+91 98480 12345' is not
 * cut to '+91 98480 '.
 */
export function inputMaxLengthOf(field: Field): number {
  return maxLengthOf(field) + (field.type === "tel" ? phoneTypingRoom : 0);
}

function isRealDate(value: string): boolean {
  const m = datePattern.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The message of the first rule the value breaks, or undefined when it keeps them all. Leading
 * and trailing spaces do not count: "  " is empty and " A" is one character. Rules apply in the
 * order required, minimum length, maximum length, pattern, e-mail; an empty optional field
 * breaks none.
 */
export function fieldError(field: Field, raw: string | undefined): string | undefined {
  const value = answerOf(field, raw);
  const rules = field.rules ?? {};
  if (value === "") return rules.required;
  if (rules.minLength && lengthOf(value) < rules.minLength.value) return rules.minLength.message;
  if (rules.maxLength && lengthOf(value) > rules.maxLength.value) return rules.maxLength.message;
  if (rules.pattern && !wholeValuePattern(rules.pattern.value).test(value)) return rules.pattern.message;
  if (rules.email && !emailPattern.test(value)) return rules.email;
  if (field.type === "select" && !(field.options ?? []).includes(value)) return structuralMessages.notAnOption;
  if (field.type === "date" && !isRealDate(value)) return structuralMessages.notADate;
  const max = maxLengthOf(field);
  if (lengthOf(value) > max) return structuralMessages.tooLong(max);
  return undefined;
}

/** Every field's message for the values given; an empty object means the form is valid. */
export function validateValues(form: Form, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of form.fields) {
    const message = fieldError(field, values[field.name]);
    if (message !== undefined) errors[field.name] = message;
  }
  return errors;
}

/**
 * The form's check on submit (the mobile's 10-digit re-check): its notice when the field has a
 * value that does not match, else undefined. An empty value is left to the field's required rule,
 * so an empty form gets the form's "invalid" notice rather than the mobile one.
 *
 * @param message the page's own wording, overriding the config's (the cardiology and orthopedics
 *   pages spell it differently).
 */
export function submitCheckError(form: Form, values: FormValues, message?: string): string | undefined {
  const check = form.submitCheck;
  if (!check) return undefined;
  const field = form.fields.find((f) => f.name === check.field);
  const value = field ? answerOf(field, values[check.field]) : (values[check.field] ?? "").trim();
  if (value === "" || wholeValuePattern(check.pattern).test(value)) return undefined;
  return message ?? check.message;
}

// Control characters never belong in an answer; a textarea keeps its line breaks and tabs.
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const lineBreaks = /[\r\n\t]+/g;

/**
 * The answers of a request as the relay keeps them (and the browser sends them): only the form's
 * own fields, each a string (anything else becomes empty), without control characters, trimmed,
 * a phone number as its ten digits (nationalNumber). Line breaks survive only in a textarea.
 */
export function normaliseValues(form: Form, input: unknown): FormValues {
  const source = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const values: FormValues = {};
  for (const field of form.fields) {
    const raw = Object.hasOwn(source, field.name) ? source[field.name] : undefined;
    let value = typeof raw === "string" ? raw.replace(controlChars, "") : "";
    if (field.type !== "textarea") value = value.replace(lineBreaks, " ");
    value = value.replace(/\r\n?/g, "\n").trim();
    values[field.name] = field.type === "tel" ? nationalNumber(value) : value;
  }
  return values;
}
