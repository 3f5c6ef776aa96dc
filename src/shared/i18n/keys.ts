/**
 * How a translation names the text it translates: a key made from the text's place in the English
 * file, with the names of things instead of their positions wherever the things have names.
 *
 *   navigation.json  /items/1/children/1/label   ->  items.about.children.leadership.label
 *   forms/appointment.json  /fields/0/rules/required  ->  fields.name.rules.required
 *   pages/home.json  /blocks/0/title             ->  blocks.0.title   (blocks have no names)
 *
 * A list whose entries all have an `id`, a `key` or a `slug` (the same one, each different; form
 * fields: a `name` such as 'mobile') is keyed by it, so a translation stays with its entry when
 * entries are added, removed or reordered. Other lists are keyed by position, counted from 0.
 *
 * The rule needs no schema, so the browser applies a translation with nothing but the English
 * document and the translation's strings, and the validator and the editor name texts the same way.
 * Pure: no DOM, no Node.
 */

/** Properties that name a list's entries, in the order they are looked for. */
const nameProperties = ["id", "key", "slug", "name"] as const;

/** A `name` counts as an entry's identity only when it reads as one ('mobile', 'fullName'), not a person's name. */
const identifierLike = /^[a-z][a-zA-Z0-9]*$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The segment each entry of a list is keyed by: the entries' shared name property, or their
 * positions when they have none (or two entries share a name).
 */
export function entrySegments(list: readonly unknown[]): string[] {
  for (const property of nameProperties) {
    const names = list.map((entry) => (isObject(entry) ? entry[property] : undefined));
    const usable = names.every(
      (name): name is string =>
        typeof name === "string" &&
        name !== "" &&
        !name.includes(".") &&
        (property !== "name" || identifierLike.test(name)),
    );
    if (usable && list.length > 0 && new Set(names).size === names.length) return names as string[];
  }
  return list.map((_, i) => String(i));
}

/** A text of a document with its key and JSON pointer. */
export interface KeyedText {
  key: string;
  pointer: string;
  value: string;
}

/** A pointer segment, escaped (most names hold neither character, and are given back as they are). */
const escapePointer = (segment: string) =>
  segment.includes("~") || segment.includes("/") ? segment.replace(/~/g, "~0").replace(/\//g, "~1") : segment;

/**
 * Visits every string of a document with its key and pointer, in document order, until `visit`
 * returns true; returns whether it did. `pointer` starts the walk at a part of the document (a
 * treatment inside a collection file: its pointer and its value).
 */
export function visitKeyedTexts(doc: unknown, visit: (text: KeyedText) => boolean | undefined, pointer = ""): boolean {
  const walk = (value: unknown, key: string, at: string): boolean => {
    if (typeof value === "string") return visit({ key, pointer: at, value }) === true;
    if (Array.isArray(value)) {
      const segments = entrySegments(value);
      return value.some((item, i) => walk(item, join(key, segments[i]), `${at}/${i}`));
    }
    if (isObject(value)) {
      for (const [name, child] of Object.entries(value)) {
        if (name !== "$schema" && walk(child, join(key, name), `${at}/${escapePointer(name)}`)) return true;
      }
    }
    return false;
  };
  return walk(doc, "", pointer);
}

/** Every string of a document with its key and pointer, in document order (see visitKeyedTexts). */
export function keyedTexts(doc: unknown, pointer = ""): KeyedText[] {
  const found: KeyedText[] = [];
  visitKeyedTexts(
    doc,
    (text) => {
      found.push(text);
      return false;
    },
    pointer,
  );
  return found;
}

function hasOwnKeys(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

/** Every string of `value`, in document order, onto `into`. */
function collectStrings(value: unknown, into: string[]) {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (isObject(value)) for (const key in value) collectStrings(value[key], into);
}

const join = (key: string, segment: string) => (key === "" ? segment : `${key}.${segment}`);

/** What applying a translation found: the translated document and the texts left in English. */
export interface Translated<T> {
  doc: T;
  /** The English values shown as they are (untranslated, or translated to the same words). */
  english: string[];
}

/**
 * The document with each string whose key the translation has replaced by its translation. Texts
 * without one stay English (and are listed in `english`); an empty translation counts as none,
 * so a page never shows an empty string or a key. Lists keep their entries' order and count.
 */
export function translateDocument<T>(doc: T, strings: Readonly<Record<string, string>>): Translated<T> {
  const english: string[] = [];
  // No strings (a treatment not translated into the page's language: most of a large site's
  // pages in another language): every text stays, and the document with it. Building each text's
  // key was a visible share of prerendering such a page, twice per page.
  if (!hasOwnKeys(strings)) {
    collectStrings(doc, english);
    return { doc, english };
  }
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === "string") {
      const translation = Object.hasOwn(strings, key) ? strings[key] : undefined;
      if (typeof translation === "string" && translation.trim() !== "" && translation !== value) return translation;
      english.push(value);
      return value;
    }
    if (Array.isArray(value)) {
      const segments = entrySegments(value);
      return value.map((item, i) => walk(item, join(key, segments[i])));
    }
    if (isObject(value)) {
      const out: Json = {};
      for (const [name, child] of Object.entries(value)) out[name] = walk(child, join(key, name));
      return out;
    }
    return value;
  };
  return { doc: walk(doc, "") as T, english };
}
