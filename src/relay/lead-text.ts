/**
 * A person's answers made safe for the CRM before they are stored (issue 17).
 *
 * LeadSquared shows lead fields in its own pages and e-mails and exports them to spreadsheets,
 * so text goes there only in a form none of those can mistake for something else:
 *
 * - **Invisible characters go**: what the site's text rule refuses (src/shared/text: controls,
 *   lone surrogates, noncharacters), bidi controls (a right-to-left override makes `gpj.exe` read
 *   `exe.jpg`) and every other default-ignorable code point: zero-width spaces and joiners, the
 *   word joiner, soft hyphens, variation selectors, tag characters. One exception keeps Indic names
 *   as people write them: a zero-width (non-)joiner right after a virama, where it chooses how
 *   the consonants join (Telugu, Hindi, Malayalam, ...). Other line and paragraph separators
 *   become line breaks (a message) or spaces (anything else).
 * - **Free text never starts a formula**: a name or message beginning with `=`, `+`, `-` or `@`
 *   (or their full-width forms) gets a leading apostrophe, which spreadsheets read as "this cell
 *   is text" and do not show: `=HYPERLINK(…)` arrives as `'=HYPERLINK(…)`.
 * - **Free text is never markup**: a `<` that would open a tag or comment (`<b`, `</`, `<!`,
 *   `<?`) is followed by a space, so `<b>hi</b>` arrives as `< b>hi< /b>`: readable, and text
 *   to any HTML parser. Nothing else changes: `pain < 2 days` stays as it is.
 *
 * Only free text (text and textarea fields, and a phone field whose answer is not a phone
 * number) is rewritten. E-mail addresses that begin with a formula character are refused by the
 * form's rules (src/shared/leads/rules.ts); select and date answers must match the form's
 * options and a date; the page context comes from the site's config (page-context.ts).
 */
import type { Form } from "../shared/generated/form";
import type { FormValues } from "../shared/leads/rules";
import { withoutRefused } from "../shared/text/text-rule";

/** Viramas of the Indic scripts, after which ZWJ/ZWNJ choose a conjunct form (RFC 5892, CONTEXTJ). */
const viramas = "\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA";
const invisible = new RegExp(
  `(?<![${viramas}])[\\u200C\\u200D]|(?![\\u200C\\u200D])[\\p{Default_Ignorable_Code_Point}\\p{Bidi_Control}]`,
  "gu",
);
const separators = /[\u0085\u2028\u2029]/g;

/** Characters a spreadsheet reads as the start of a formula, ASCII and full-width. */
const formulaStart = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A `<` an HTML parser would read as the start of a tag, end tag, comment or instruction. */
const markupStart = /<(?=[A-Za-z/!?])/g;
/** What a phone number is made of: digits, spaces, brackets, dots and dashes, a leading +. */
const phoneShaped = /^\+?[0-9][0-9 ().-]*$/;

/**
 * The text without invisible characters, composed (NFC), trimmed. `multiline` keeps line breaks
 * (a textarea); otherwise separators become spaces.
 */
export function withoutInvisible(text: string, multiline: boolean): string {
  // The site's text rule first (src/shared/text): controls, bidi controls, lone surrogates, noncharacters.
  return withoutRefused(text.replace(separators, multiline ? "\n" : " "), true)
    .normalize("NFC")
    .replace(invisible, "")
    .trim();
}

/** Free text as the CRM gets it: never the start of a formula, never markup. */
export function neutralised(text: string): string {
  const inert = text.replace(markupStart, "< ");
  return formulaStart.test(inert) ? `'${inert}` : inert;
}

/** Whether a field's answer is free text the CRM must not read as anything else. */
function isFreeText(type: string, value: string): boolean {
  if (type === "text" || type === "textarea") return true;
  // A phone field's rules normally allow digits only; whatever else it lets through is text.
  return type === "tel" && !phoneShaped.test(value);
}

/**
 * The answers without invisible characters: what the form's rules then check, so `A` followed
 * by a zero-width space is one character, not two.
 */
export function visibleValues(form: Form, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of form.fields) {
    out[field.name] = withoutInvisible(values[field.name] ?? "", field.type === "textarea");
  }
  return out;
}

/** The answers as the lead carries them: free text neutralised (see the module comment). */
export function crmSafeValues(form: Form, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of form.fields) {
    const value = values[field.name] ?? "";
    out[field.name] = isFreeText(field.type, value) ? neutralised(value) : value;
  }
  return out;
}
