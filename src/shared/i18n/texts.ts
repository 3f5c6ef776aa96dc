/**
 * Which strings of a config file are texts a reader sees, and so may be translated. Routes,
 * addresses, image paths, slugs, ids, patterns, icon names and the lead fields sent to the CRM
 * are not: a translation of one would break a link or change a lead, so the validator refuses it.
 *
 * Decided by the property's name (and, for `name`, by whether it is an entry's identity), so the
 * rule needs no schema and reads the same in the validator, the editor and tests. Property names
 * are the schemas' own; tests/i18n/texts.test.ts checks every string of site-config/ whose schema
 * is a pattern, a format or an enum against this list, so a new machine field cannot slip in.
 */
import { type KeyedText, keyedTexts, visitKeyedTexts } from "./keys.ts";

/** Properties whose strings are values for machines, whatever file they are in. */
const machineProperties = new Set([
  "$schema",
  "action",
  "apiBase",
  "autocomplete",
  "baseUrl",
  "canonicalBase",
  "canonical_url",
  "code",
  "dataFile",
  "defaultDepartment",
  "defaultImage",
  "date",
  "each",
  "email",
  "externalUrl",
  "field",
  "form",
  "href",
  "icon",
  "id",
  "image",
  "img",
  "key",
  "kind",
  "location",
  "log",
  "mapUrl",
  "network",
  "number",
  "phoneDisplay",
  "pattern",
  "phoneTel",
  "profile_url",
  "route",
  "slug",
  "speciality",
  "src",
  "state",
  "status",
  "successRoute",
  "to",
  "tone",
  "treatments",
  "type",
  "url",
  "value",
  "variant",
]);

/**
 * Lists whose items are slugs naming other entries (a branch's specialities, a doctor's branches),
 * words matched against addresses (slug aliases) or names written the same in every language
 * (site.json's brand names).
 */
const slugLists = new Set(["specialities", "branches", "words", "brandNames"]);

/**
 * Parts of a file that are never shown as written: what a form sends to the CRM stays as the CRM
 * expects it; a medical review is a doctor's slug and dates, which the page words in its language.
 */
const machineBranches = new Set(["lead", "review"]);

/**
 * Whether the string at `key` (see keys.ts) is a text a reader sees. `value` tells a form field's
 * `name` ('mobile', the field's identity, which is also its key segment) from a display name.
 */
export function isTextKey(key: string, value: string): boolean {
  const segments = key.split(".");
  const last = segments[segments.length - 1];
  // A form field's e-mail rule is its message ('Please enter a valid email address'), not an address.
  if (last === "email" && segments[segments.length - 2] === "rules") return value.trim() !== "";
  if (machineProperties.has(last)) return false;
  if (segments.some((segment) => machineBranches.has(segment))) return false;
  if (last === "name" && segments.length >= 2 && segments[segments.length - 2] === value) return false;
  if (/^\d+$/.test(last) && slugLists.has(segments[segments.length - 2] ?? "")) return false;
  // Language names are written in their own language, once, in site.json.
  if (segments[0] === "languages") return false;
  return value.trim() !== "";
}

/** Files no reader sees (placeholders.json tells the validator what is still a placeholder). */
const unseenSchemas = /(^|\/)placeholders\.schema\.json$/;

/** Whether no reader sees any text of a document (placeholders.json's): none of it is a text. */
export const readerSeesNone = (doc: unknown) => {
  const schema = doc && typeof doc === "object" ? (doc as { $schema?: unknown }).$schema : undefined;
  return typeof schema === "string" && unseenSchemas.test(schema);
};

/**
 * The translatable texts of an English document, in document order; with `where`, only those it
 * takes (asked first: a cheap test spares most texts the key's rule).
 */
export function documentTexts(doc: unknown, where?: (text: KeyedText) => boolean) {
  if (readerSeesNone(doc)) return [];
  return keyedTexts(doc).filter((text) => (where === undefined || where(text)) && isTextKey(text.key, text.value));
}

/** Whether an English document has a translatable text (looks no further than the first). */
export function hasDocumentTexts(doc: unknown): boolean {
  return !readerSeesNone(doc) && visitKeyedTexts(doc, (text) => isTextKey(text.key, text.value));
}
