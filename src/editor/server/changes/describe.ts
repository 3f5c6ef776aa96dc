/**
 * A change in words: two versions of a config file walked side by side, each changed field named
 * as the editor's form names it ("Menu entry ‘Who We Are’ › Label: 'Who We Are' → 'About us'"),
 * never as a JSON diff. List items are matched by identity (match.ts), so a moved or inserted
 * item reads as such.
 */
import { describeFile } from "../../shared/config-files";
import { fieldPath } from "../../shared/field-labels";
import { jsonEqual } from "../../shared/json-format";
import { isObject, matchItems, movedPairs, pointerSegment } from "./match";
import { affectedPages } from "./pages";
import { englishPointerOf, languageName, translationOf } from "./translation-labels";
import type { FieldChange, FileChanges } from "./types";

type Kind = FieldChange["kind"];

/** What a file is called in the editor: "Navigation"; its path when it names no known schema. */
export function fileLabelOf(file: string, doc: unknown): string {
  return describeFile(file, doc)?.label ?? file.replace(/^site-config\//, "");
}

/** A file's label; a translation's is its English file's with the language: "Navigation (Telugu)". */
export function labelOfFile(file: string, doc: unknown, english?: unknown): string {
  const translation = translationOf(file);
  if (!translation || english === undefined) return fileLabelOf(file, doc);
  return `${fileLabelOf(translation.englishFile, english)} (${languageName(translation.lang)})`;
}

/** The schema path ("navigation.schema.json") a document names, if the editor knows it. */
export function schemaOf(file: string, doc: unknown): string | undefined {
  return describeFile(file, doc)?.schema;
}

/** The labels on the way to `pointer` in `doc`: ["Menu entry ‘About us’", "Label"]. */
export function labelsAt(file: string, doc: unknown, pointer: string): string[] {
  const schema = schemaOf(file, doc);
  if (schema) {
    try {
      return fieldPath(schema, doc, pointer);
    } catch {
      // A schema the form cannot resolve still leaves the pointer's own names.
    }
  }
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The field changes between two versions of a file (undefined: the file did not exist). For a
 * translation file, `english` (the English file it translates) names each text by its English field.
 */
export function describeChange(file: string, before: unknown, after: unknown, english?: unknown): FieldChange[] {
  const translation = translationOf(file);
  const language = translation ? ` (${languageName(translation.lang)})` : "";
  const fileLabel = labelOfFile(file, after ?? before, english);
  const namesAt = (doc: unknown, at: string): string[] => {
    const englishPointer = translation && english !== undefined ? englishPointerOf(english, at) : undefined;
    if (translation && englishPointer !== undefined) {
      const names = labelsAt(translation.englishFile, english, englishPointer);
      return names.length === 0 ? names : [...names.slice(0, -1), `${names[names.length - 1]}${language}`];
    }
    return labelsAt(file, doc, at);
  };
  const out: FieldChange[] = [];
  // Named where the field was (a renamed entry by its old name); placed where it is now.
  const add = (
    kind: Kind,
    at: string,
    doc: unknown,
    values: { before?: unknown; after?: unknown },
    how?: string,
    pointer = at,
  ) => {
    const names = namesAt(doc, at);
    const label = names.length === 0 ? "The whole file" : names.join(" › ");
    const last = names[names.length - 1] ?? "The file";
    out.push({ file, fileLabel, pointer, label, kind, ...values, words: how ?? words(kind, last, values) });
  };
  const walk = (a: unknown, b: unknown, pa: string, pb: string) => {
    if (jsonEqual(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
        const seg = pointerSegment(key);
        if (!(key in a)) add("added", pb + seg, after, { after: b[key] });
        else if (!(key in b)) add("removed", pa + seg, before, { before: a[key] });
        else walk(a[key], b[key], pa + seg, pb + seg);
      }
    } else if (Array.isArray(a) && Array.isArray(b)) {
      const pairs = matchItems(a, b);
      const moved = movedPairs(pairs);
      const seenBefore = new Set(pairs.map(([i]) => i));
      const seenAfter = new Set(pairs.map(([, j]) => j));
      a.forEach((item, i) => {
        if (!seenBefore.has(i)) add("removed", `${pa}/${i}`, before, { before: item });
      });
      for (const [i, j] of pairs) {
        if (moved.has(i)) {
          const names = labelsAt(file, before, `${pa}/${i}`);
          const how = `${names[names.length - 1]} moved from place ${i + 1} to ${j + 1}`;
          add("changed", `${pa}/${i}`, before, { before: i + 1, after: j + 1 }, how, `${pb}/${j}`);
        }
        walk(a[i], b[j], `${pa}/${i}`, `${pb}/${j}`);
      }
      b.forEach((item, j) => {
        if (!seenAfter.has(j)) add("added", `${pb}/${j}`, after, { after: item });
      });
    } else if (a === undefined) add("added", pb, after, { after: b });
    else if (b === undefined) add("removed", pa, before, { before: a });
    else add("changed", pa, before, { before: a, after: b }, undefined, pb);
  };
  walk(before, after, "", "");
  return out;
}

/** "Label: 'Who We Are' → 'About us'", "Menu entry ‘Careers’ removed". */
function words(kind: Kind, last: string, values: { before?: unknown; after?: unknown }): string {
  const value = kind === "added" ? values.after : values.before;
  const container = value !== null && typeof value === "object";
  if (kind === "changed") return `${last}: ${shown(values.before)} → ${shown(values.after)}`;
  const verb = kind === "added" ? "added" : "removed";
  return container ? `${last} ${verb}` : `${last} ${verb}: ${shown(value)}`;
}

/** A value as a reader sees it: text in quotes (shortened), lists and groups by their size. */
export function shown(value: unknown): string {
  if (typeof value === "string") {
    const text = value.replace(/\s+/g, " ").trim();
    return `'${text.length > 60 ? `${text.slice(0, 59)}…` : text}'`;
  }
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? "entry" : "entries"}`;
  if (typeof value === "object") return "a group of fields";
  return String(value);
}

/** Fields that are an item's name: changing one renames the item. */
const nameFields = /[/.](label|name|title)$/;

/**
 * A commit message for a save: "Navigation: 'Who We Are' renamed 'About us'",
 * "Navigation: 3 changes (Label, Page address, …)". At most one line of about 100 characters.
 */
export function commitMessage(file: string, before: unknown, after: unknown, english?: unknown): string {
  const changes = describeChange(file, before, after, english);
  const fileLabel = labelOfFile(file, after ?? before, english);
  if (before === undefined) return `${fileLabel}: added`;
  if (after === undefined) return `${fileLabel}: removed`;
  if (changes.length === 0) return `${fileLabel}: saved unchanged`;
  if (changes.length === 1) {
    const [change] = changes;
    const renamed =
      change.kind === "changed" &&
      nameFields.test(change.pointer) &&
      typeof change.before === "string" &&
      typeof change.after === "string";
    const text = renamed
      ? `${shown(change.before)} renamed ${shown(change.after)}`
      : `${change.label.split(" › ").slice(0, -1).concat(change.words).join(" › ")}`;
    return oneLine(`${fileLabel}: ${text}`);
  }
  const fields = [...new Set(changes.map((c) => lastName(c.label)))];
  const named = fields.length > 2 ? `${fields.slice(0, 2).join(", ")}, …` : fields.join(", ");
  return oneLine(`${fileLabel}: ${changes.length} changes (${named})`);
}

/** The field's own name: "Label" of "Menu entry ‘About us’ › Label", without an item's name. */
function lastName(label: string): string {
  const last = label.split(" › ").pop() ?? label;
  return last.replace(/ ‘.*’$/, "").replace(/ \d+$/, "");
}

function oneLine(text: string): string {
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/** Parses a file's text as JSON; undefined for no file, the text itself when it is not JSON. */
export function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A file's changes between two texts, with the pages they show on; for a translation file,
 * `englishText` is the English file it translates.
 */
export function describeFileChanges(
  file: string,
  beforeText: string | undefined,
  afterText: string | undefined,
  englishText?: string,
): FileChanges {
  const before = parsed(beforeText);
  const after = parsed(afterText);
  const english = parsed(englishText);
  const isJson = file.endsWith(".json") && typeof (after ?? before) !== "string";
  const changes: FieldChange[] = isJson
    ? describeChange(file, before, after, english)
    : [
        {
          file,
          fileLabel: labelOfFile(file, after ?? before, english),
          pointer: "",
          label: "The whole file",
          kind: beforeText === undefined ? "added" : afterText === undefined ? "removed" : "changed",
          words: beforeText === undefined ? "New file" : afterText === undefined ? "File removed" : "File replaced",
        },
      ];
  const fileLabel = labelOfFile(file, after ?? before, english);
  return { file, fileLabel, changes, pages: affectedPages(file, before, after, changes, english) };
}
