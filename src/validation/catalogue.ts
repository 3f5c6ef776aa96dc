/**
 * Every message the validate CLI shows a person, as data: a name, a title, the message (what
 * happened, what was expected, what to do) and a hint. Modelled on Astro's error catalogue
 * (packages/astro/src/core/errors/errors-data.ts): code says *which* problem it found; the words
 * live here, in one place, where they can be read and improved together.
 */
import type { CatalogueEntry } from "./problem";
import { list, plural, quote, quotedList } from "./words";

const entry = <P extends unknown[]>(e: CatalogueEntry<P>) => e;
const didYouMean = (suggestion: string | undefined, end = ".") =>
  suggestion ? `; did you mean '${suggestion}'?` : end;

// --- Files and JSON syntax -----------------------------------------------------------------------

export const JsonSyntax = entry({
  name: "JsonSyntax",
  title: "The file is not valid JSON.",
  severity: "error",
  message: (words: string) => words,
  hint: "JSON needs double quotes around names and text, a comma between items and none after the last, and no comments.",
});

export const UnreadableFile = entry({
  name: "UnreadableFile",
  title: "The file cannot be read.",
  severity: "error",
  message: (reason: string) => `The file cannot be read: ${reason}.`,
});

export const MissingSchema = entry({
  name: "MissingSchema",
  title: 'The file names no "$schema".',
  severity: "error",
  message: (suggested: string | undefined) =>
    suggested
      ? `Expected a "$schema" property naming this file's schema, but there is none. Add "$schema": "${suggested}" as the first property.`
      : 'Expected a "$schema" property naming this file\'s schema, but there is none. Add "$schema" with the path from this file to its schema in schemas/, such as "../schemas/page.schema.json".',
  hint: "Every config file names its schema, so editors autocomplete it and the validator knows what kind of file it is.",
});

export const BadSchemaPath = entry({
  name: "BadSchemaPath",
  title: 'The "$schema" does not name a schema in schemas/.',
  severity: "error",
  message: (value: string, reason: string, suggested: string | undefined) =>
    `Expected "$schema" to be the path from this file to a schema in schemas/, but found ${quote(value)}, which ${reason}.` +
    (suggested ? ` Use "${suggested}".` : ""),
  hint: 'The path is relative to the file, as editors read it: a file in site-config/pages/ uses "../../schemas/page.schema.json".',
});

export const NotAnObject = entry({
  name: "NotAnObject",
  title: "The file does not hold an object.",
  severity: "error",
  message: (found: string) => `Expected the file to hold one JSON object { ... }, but found ${found}.`,
});

export const BrokenSchema = entry({
  name: "BrokenSchema",
  title: "A schema cannot be compiled.",
  severity: "error",
  message: (schema: string, reason: string) =>
    `The schema schemas/${schema} cannot be used, so this file was not checked: ${reason}.`,
  hint: "After changing schemas/, run npm run gen:types so the validator knows every schema file.",
});

// --- Schema: what a value must look like ---------------------------------------------------------

export const MissingProperty = entry({
  name: "MissingProperty",
  title: "A required property is missing.",
  severity: "error",
  message: (property: string, about: string | undefined, holder: string) =>
    `Expected the property '${property}'${about ? ` (${about})` : ""}, but ${holder} has none.`,
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
  title: "A text holds HTML that is not allowed.",
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

// --- References between files ------------------------------------------------------------------

export const UnknownRoute = entry({
  name: "UnknownRoute",
  title: "A link goes to a route the site does not define.",
  severity: "error",
  message: (route: string, suggestion: string | undefined) =>
    `Expected a route this site defines, but no page has the route ${quote(route)}${didYouMean(suggestion)}`,
  hint: "Routes are the 'route' of each file in pages/ (a '/:slug' page once per branch, speciality or post), each collection's treatment pages, and '/'.",
});

export const SpecialityNameMismatch = entry({
  name: "SpecialityNameMismatch",
  title: "A footer speciality name does not lead to a speciality.",
  severity: "error",
  message: (name: string, slug: string, closestSlug: string | undefined) =>
    `'${name}' becomes '${slug}', which is no speciality's slug. ` +
    (closestSlug
      ? `Rename it to match the slug '${closestSlug}', or change that speciality's slug.`
      : "Rename it to the name of a speciality in specialities.json."),
  hint: "Each footer name links to /specialities/{slug of the name}: lower case, '&' becomes 'and', spaces become hyphens, other characters are dropped.",
});

export const UnknownSpecialitySlug = entry({
  name: "UnknownSpecialitySlug",
  title: "A speciality slug names no speciality.",
  severity: "error",
  message: (slug: string, suggestion: string | undefined) =>
    `Expected the slug of a speciality in specialities.json, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Speciality slugs are the 'slug' of each entry of specialities.json.",
});

export const UnknownBranchSlug = entry({
  name: "UnknownBranchSlug",
  title: "A branch slug names no branch.",
  severity: "error",
  message: (slug: string, suggestion: string | undefined) =>
    `Expected the slug of a branch in branches.json, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Branch slugs are the 'slug' of each entry of branches.json.",
});

export const UnknownCollection = entry({
  name: "UnknownCollection",
  title: "A collection id names no collection.",
  severity: "error",
  message: (id: string, known: string[]) =>
    `Expected the id of a treatment collection, but found ${quote(id)}.` +
    (known.length > 0 ? ` Known collections: ${quotedList(known, "and")}.` : " There are no collections."),
  hint: "A collection's id is the 'id' of its collections/*.presentation.json file.",
});

export const MissingDataFile = entry({
  name: "MissingDataFile",
  title: "A data file does not exist.",
  severity: "error",
  message: (file: string, folder: string, suggestion: string | undefined) =>
    `Expected a data file ${quote(file)} in ${folder}, but there is none${didYouMean(suggestion)}`,
  hint: "A collection's data file sits in the collections/ folder of the site, next to its presentation file.",
});

export const DuplicateSlug = entry({
  name: "DuplicateSlug",
  title: "Two entries share a slug.",
  severity: "error",
  message: (slug: string, firstAt: string) =>
    `Expected every slug in this file to be different, but ${quote(slug)} is already the slug at ${firstAt}. Change one of them.`,
  hint: "A slug is part of a page's address, so two entries with one slug would share a page.",
});

export const DuplicateRoute = entry({
  name: "DuplicateRoute",
  title: "Two pages share a route.",
  severity: "error",
  message: (route: string, otherFile: string) =>
    `Expected every page to have its own route, but ${quote(route)} is also the route of ${otherFile}.`,
  hint: "Two pages with one route would hide one another; change the route of one of them.",
});

export const MissingImage = entry({
  name: "MissingImage",
  title: "An image does not exist.",
  severity: "error",
  message: (src: string, path: string) => `Expected the image ${quote(src)} at ${path}, but there is no such file.`,
  hint: "Image paths start with '/' and are looked up under public/.",
});

export const UnknownForm = entry({
  name: "UnknownForm",
  title: "A form id names no form.",
  severity: "error",
  message: (id: string, path: string, suggestion: string | undefined) =>
    `Expected the form ${quote(id)} to be defined in ${path}, but there is no such file${didYouMean(suggestion)}`,
  hint: "A form's id is its file name in forms/, without .json.",
});

export const FormIdMismatch = entry({
  name: "FormIdMismatch",
  title: "A form's id differs from its file name.",
  severity: "error",
  message: (id: string, fileId: string) =>
    `Expected the form's id to be '${fileId}', its file name, but found ${quote(id)}. Change the id or rename the file.`,
  hint: "Pages find a form by its id in forms/{id}.json, so the id and the file name must agree.",
});

export const CanonicalNotAbsolute = entry({
  name: "CanonicalNotAbsolute",
  title: "A canonical address is not absolute.",
  severity: "error",
  message: (url: string, base: string) =>
    `Expected a full address starting with '${base}/', but found ${quote(url)}, which is not an absolute address.`,
  hint: "A canonical address is the page's full public address: the canonicalBase of site.json followed by the page's path.",
});

export const CanonicalOutsideBase = entry({
  name: "CanonicalOutsideBase",
  title: "A canonical address is not under the site's canonical base.",
  severity: "error",
  message: (url: string, base: string) =>
    `Expected the canonical address to start with '${base}/', the canonicalBase of site.json, but found ${quote(url)}.`,
  hint: "A canonical address is the page's full public address: the canonicalBase of site.json followed by the page's path.",
});

export const UnknownCollectionSlug = entry({
  name: "UnknownCollectionSlug",
  title: "A slug names no treatment of the collection.",
  severity: "error",
  message: (slug: string, dataFile: string, suggestion: string | undefined) =>
    `Expected the slug of a treatment in ${dataFile}, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Aliases and source credits name treatments by slug, from the data file this presentation names in 'dataFile'.",
});

export const UnknownPayloadPlaceholder = entry({
  name: "UnknownPayloadPlaceholder",
  title: "A lead payload template uses an unknown placeholder.",
  severity: "error",
  message: (placeholder: string, fields: string[], suggestion: string | undefined) =>
    `Expected a placeholder naming a field of this form (${quotedList(fields)}) or a page value ('treatment', 'department' or 'speciality'), but found '{${placeholder}}'${didYouMean(suggestion && `{${suggestion}}`)}`,
  hint: "Payload templates use {name} for a field of the form, and {treatment}, {department} or {speciality} for the page the form is on.",
});

export const UnknownAttributePlaceholder = entry({
  name: "UnknownAttributePlaceholder",
  title: "A lead attribute template uses an unknown placeholder.",
  severity: "error",
  message: (placeholder: string, payloadKeys: string[], suggestion: string | undefined) =>
    `Expected a placeholder naming a payload field (${quotedList(payloadKeys)}), but found '{${placeholder}}'${didYouMean(suggestion && `{${suggestion}}`)}`,
  hint: "CRM attributes are made from the payload, so their templates can only use the payload's fields.",
});

// --- Warnings ------------------------------------------------------------------------------------

export const LongMetaTitle = entry({
  name: "LongMetaTitle",
  title: "A browser title is longer than search engines show.",
  severity: "warning",
  message: (length: number) =>
    `The browser title is ${length} characters long; search results show about 60, so the rest may be cut off.`,
  hint: "Keep titles to 60 characters or fewer.",
});

export const LongMetaDescription = entry({
  name: "LongMetaDescription",
  title: "A meta description is longer than search engines show.",
  severity: "warning",
  message: (length: number) =>
    `The meta description is ${length} characters long; search results show about 160, so the rest may be cut off.`,
  hint: "Keep meta descriptions to 160 characters or fewer.",
});

export const SampleEntries = entry({
  name: "SampleEntries",
  title: "Some entries are sample data.",
  severity: "warning",
  message: (names: string[]) =>
    `${names.length === 1 ? "1 entry is" : `${names.length} entries are`} sample data (${list(
      names.length > 6 ? [...names.slice(0, 5), `${names.length - 5} more`] : names,
      "and",
    )}): confirm the details before publishing, then set "sample" to false.`,
  hint: "Sample entries hold placeholder details, written to show the layout rather than as facts.",
});

// --- Command line --------------------------------------------------------------------------------

export const UnknownOption = entry({
  name: "UnknownOption",
  title: "Unknown option.",
  severity: "error",
  message: (option: string, suggestion: string | undefined) => `Unknown option '${option}'${didYouMean(suggestion)}`,
});

export const MissingOptionValue = entry({
  name: "MissingOptionValue",
  title: "An option needs a value.",
  severity: "error",
  message: (option: string, what: string) => `The option '${option}' needs ${what} after it.`,
});

export const BadOptionValue = entry({
  name: "BadOptionValue",
  title: "An option has a value it does not take.",
  severity: "error",
  message: (option: string, value: string, allowed: string[]) =>
    `Expected ${option} to be ${quotedList(allowed)}, but found ${quote(value)}.`,
});

export const PathNotFound = entry({
  name: "PathNotFound",
  title: "A path does not exist.",
  severity: "error",
  message: (path: string) => `There is no file or folder '${path}'.`,
});

export const NotJsonFile = entry({
  name: "NotJsonFile",
  title: "A file is not a .json file.",
  severity: "error",
  message: (path: string) => `Only .json files can be validated, but '${path}' is not one.`,
});

export const NoJsonFiles = entry({
  name: "NoJsonFiles",
  title: "There are no files to validate.",
  severity: "error",
  message: (path: string) => `There are no .json files in '${path}'.`,
});

// --- What patterns and formats ask for -----------------------------------------------------------

/** What each pattern used in schemas/ asks for, in words, keyed by the pattern itself. */
export const patternWords: Record<string, string> = {
  "^[a-z0-9]+(-[a-z0-9]+)*$": "lower-case letters, digits and single hyphens, such as 'total-knee-replacement'",
  "^/[a-z0-9\\-/#?=&]*$":
    "a route of this site: '/' then lower-case letters, digits and hyphens, such as '/contact-us'",
  '^(https://|tel:|mailto:)[^\\s<>"]+$': "a full address starting with 'https://', 'tel:' or 'mailto:', with no spaces",
  "^/[A-Za-z0-9_\\-./]+\\.(svg|png|jpe?g|webp|avif)$":
    "an image path under public/ ending in .svg, .png, .jpg, .jpeg, .webp or .avif, such as '/images/logo.svg'",
  "^[a-z0-9-]+$": "lower-case letters, digits and hyphens, such as 'book-an-appointment'",
  "^[a-z0-9]+$": "one word of lower-case letters and digits, such as 'knee'",
  "^[a-zA-Z][a-zA-Z0-9]*$": "a name of letters and digits starting with a letter, such as 'fullName'",
  "^\\+[0-9]{8,15}$": "a number in international form with no spaces, such as '+914000000000'",
  "^[0-9]{8,15}$": "digits only, with the country code, such as '914000000000'",
  "^https://[a-z0-9.-]+(:[0-9]+)?$":
    "an https:// address with no path and no '/' at the end, such as 'https://www.example.in'",
  "^/[a-z0-9-]+$": "a path of one part, such as '/api'",
  "^/": "a path starting with '/'",
  "^https://": "an address starting with 'https://'",
  "^(/[a-z0-9-]+)+/:slug$": "a route ending in '/:slug', such as '/specialities/cardiology/:slug'",
  "^/([a-z0-9-]+(/[a-z0-9-]+)*(/:slug)?)?$":
    "a route: '/' then lower-case letters, digits and hyphens, optionally ending in '/:slug', such as '/contact-us'",
  "^[a-z0-9-]+-sub-departments\\.json$":
    "a file name ending in '-sub-departments.json', such as 'cardiology-sub-departments.json'",
};

/** What each format used in schemas/ asks for, in words. */
export const formatWords: Record<string, string> = {
  email: "an e-mail address, such as 'care@example.in'",
  regex: "a valid regular expression",
  date: "a date written YYYY-MM-DD",
  uri: "a full address, such as 'https://www.example.in/'",
};
