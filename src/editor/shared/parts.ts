/**
 * Large files are edited one item at a time so the form stays fast: a page one block at a time,
 * a treatment collection one treatment at a time. The file's other fields form a "settings"
 * part. Small files are one part, the whole file.
 */
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { ConfigFileInfo } from "./config-files";
import { formSchema, schemaPaths, schemaTitle, uiSchemaFor } from "./schemas";

type Data = Record<string, unknown>;

/** Which array of a file is edited item by item, and what its items are called. */
export interface Split {
  key: string;
  /** "block", "treatment page", "doctor". */
  noun: string;
  /** Items are blocks (a union on `type`): each gets the schema of its own type. */
  blocks: boolean;
}

export type Part = { kind: "whole" } | { kind: "settings" } | { kind: "item"; index: number };

/** One entry of the part list. */
export interface PartEntry {
  part: Part;
  label: string;
  detail?: string;
}

/** Files over this size with one list of objects are split even when their kind is not. */
const largeFile = 8000;

/** How a file is split into parts, if it is. */
export function splitOf(info: ConfigFileInfo, doc: Data, textLength = 0): Split | undefined {
  if (info.kind === "page") return { key: "blocks", noun: "block", blocks: true };
  if (info.kind === "presentation") return { key: "template", noun: "block", blocks: true };
  if (info.kind === "collection")
    // A folder's settings file holds no treatments: they are files of their own.
    return Array.isArray(doc.sub_departments)
      ? { key: "sub_departments", noun: "treatment page", blocks: false }
      : undefined;
  if (info.kind !== "other" || textLength < largeFile) return undefined;
  const lists = Object.entries(doc).filter(
    ([, value]) => Array.isArray(value) && value.length > 0 && value.every((v) => v && typeof v === "object"),
  );
  if (lists.length !== 1) return undefined;
  const [key] = lists[0];
  const title = (formSchema(info.schema).properties?.[key] as RJSFSchema | undefined)?.items as RJSFSchema | undefined;
  return { key, noun: title?.title?.toLowerCase() ?? "item", blocks: false };
}

/** The value a part edits. */
export function partValue(doc: Data, split: Split | undefined, part: Part): unknown {
  if (!split || part.kind === "whole") return doc;
  if (part.kind === "settings") {
    const { [split.key]: _items, ...rest } = doc;
    return rest;
  }
  return itemsOf(doc, split)[part.index];
}

/** The document with one part replaced. */
export function withPart(doc: Data, split: Split | undefined, part: Part, value: unknown): Data {
  if (!split || part.kind === "whole") return value as Data;
  if (part.kind === "settings") return { ...(value as Data), [split.key]: doc[split.key] };
  const items = [...itemsOf(doc, split)];
  items[part.index] = value;
  return { ...doc, [split.key]: items };
}

export function itemsOf(doc: Data, split: Split): unknown[] {
  const items = doc[split.key];
  return Array.isArray(items) ? items : [];
}

/** The entries of the part list: settings first, then one per item. */
export function listParts(info: ConfigFileInfo, split: Split | undefined, doc: Data): PartEntry[] {
  if (!split) return [{ part: { kind: "whole" }, label: info.label }];
  const settings: PartEntry = { part: { kind: "settings" }, label: settingsLabel(info) };
  return [
    settings,
    ...itemsOf(doc, split).map((item, index) => ({
      part: { kind: "item", index } as Part,
      ...itemLabel(split, item, index),
    })),
  ];
}

function settingsLabel(info: ConfigFileInfo): string {
  if (info.kind === "page") return "Page settings (route, title)";
  if (info.kind === "collection") return "Collection settings";
  if (info.kind === "presentation") return "Layout settings";
  return "Settings";
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

function itemLabel(split: Split, item: unknown, index: number): { label: string; detail?: string } {
  const data = (item ?? {}) as Data;
  if (split.blocks) {
    const type = text(data.type) ?? "block";
    const title = blockTitle(type);
    const button = data.button as Data | undefined;
    const snippet =
      text(data.title) ?? text(data.text) ?? text(data.heading) ?? text(data.intro) ?? text(button?.label);
    return { label: title, detail: snippet ?? type };
  }
  const label = text(data.name) ?? text(data.title) ?? text(data.label) ?? `${split.noun} ${index + 1}`;
  return { label, detail: text(data.slug) ?? text(data.id) };
}

/** Every block type and its title, for "Add a block". */
export function blockTypes(): { type: string; title: string }[] {
  const union = formSchema("blocks/block.schema.json");
  const typeSchema = union.properties?.type as RJSFSchema | undefined;
  return ((typeSchema?.enum ?? []) as string[]).map((type) => ({ type, title: blockTitle(type) }));
}

function blockTitle(type: string): string {
  return schemaTitle(`blocks/${type}.schema.json`) ?? type;
}

const settingsSchemas = new Map<string, RJSFSchema>();

/** The schema of a part: the file's, the file's without the split list, or one item's. */
export function partSchema(info: ConfigFileInfo, split: Split | undefined, part: Part, value: unknown): RJSFSchema {
  const root = formSchema(info.schema);
  if (!split || part.kind === "whole") return root;
  if (part.kind === "settings") {
    const key = `${info.schema}\n${split.key}`;
    let schema = settingsSchemas.get(key);
    if (!schema) {
      const { [split.key]: _list, ...properties } = root.properties ?? {};
      schema = { ...root, properties, required: (root.required ?? []).filter((name) => name !== split.key) };
      settingsSchemas.set(key, schema);
    }
    return schema;
  }
  if (split.blocks) {
    const type = (value as Data | undefined)?.type;
    const path = `blocks/${String(type)}.schema.json`;
    if (typeof type === "string" && schemaPaths.includes(path)) return formSchema(path);
  }
  const list = root.properties?.[split.key] as RJSFSchema | undefined;
  return (list?.items as RJSFSchema | undefined) ?? {};
}

const uiSchemas = new WeakMap<RJSFSchema, UiSchema>();

/** The uiSchema of a part's schema (derived once per schema). */
export function partUiSchema(schema: RJSFSchema): UiSchema {
  let ui = uiSchemas.get(schema);
  if (!ui) {
    ui = { ...uiSchemaFor(schema), "ui:submitButtonOptions": { norender: true } };
    uiSchemas.set(schema, ui);
  }
  return ui;
}

/** Which part a JSON pointer of the whole file falls in, and the pointer within that part. */
export function locate(split: Split | undefined, pointer: string): { part: Part; pointer: string } {
  if (!split) return { part: { kind: "whole" }, pointer };
  const prefix = `/${split.key}`;
  if (pointer === prefix) return { part: { kind: "settings" }, pointer: "" };
  if (pointer.startsWith(`${prefix}/`)) {
    const [index, ...rest] = pointer.slice(prefix.length + 1).split("/");
    if (/^\d+$/.test(index))
      return { part: { kind: "item", index: Number(index) }, pointer: rest.map((s) => `/${s}`).join("") };
  }
  return { part: { kind: "settings" }, pointer };
}

export function samePart(a: Part, b: Part): boolean {
  return a.kind === b.kind && (a.kind !== "item" || (b.kind === "item" && a.index === b.index));
}

/** The document with the item at `index` moved by `by` places. */
export function moveItem(doc: Data, split: Split, index: number, by: number): Data {
  const items = [...itemsOf(doc, split)];
  const to = index + by;
  if (to < 0 || to >= items.length) return doc;
  const [item] = items.splice(index, 1);
  items.splice(to, 0, item);
  return { ...doc, [split.key]: items };
}

export function removeItem(doc: Data, split: Split, index: number): Data {
  const items = itemsOf(doc, split).filter((_, i) => i !== index);
  return { ...doc, [split.key]: items };
}

export function insertItem(doc: Data, split: Split, index: number, item: unknown): Data {
  const items = [...itemsOf(doc, split)];
  items.splice(index, 0, item);
  return { ...doc, [split.key]: items };
}

/**
 * A copy of the item at `index`, inserted after it. A treatment page's copy gets a free slug
 * ("...-copy"), "(copy)" after its name, browser title and meta description, and its page path
 * and canonical address follow the slug, so it validates as it is and the person only has to
 * rename it. A medical review is not copied: no doctor has reviewed the copy yet.
 */
export function duplicateItem(doc: Data, split: Split, index: number): { doc: Data; index: number } {
  const items = itemsOf(doc, split);
  const taken = new Set(items.map((item) => (item as Data | undefined)?.slug));
  const copy = copyOfItem(items[index], (slug) => taken.has(slug));
  return { doc: insertItem(doc, split, index + 1, copy), index: index + 1 };
}

/** A copy of a treatment page (or any item) as `duplicateItem` makes it; `taken` says which slugs are used. */
export function copyOfItem(item: unknown, taken: (slug: string) => boolean): Data {
  const copy = structuredClone(item) as Data;
  delete copy.review;
  if (typeof copy.slug === "string") {
    let slug = `${copy.slug}-copy`;
    for (let n = 2; taken(slug); n++) slug = `${copy.slug}-copy-${n}`;
    Object.assign(copy, followSlug(copy, { ...copy, slug }));
  }
  if (typeof copy.name === "string") copy.name = `${copy.name} (copy)`;
  // Two pages may not share a title or description (the validator says so): the copy's are marked.
  for (const field of ["meta_title", "meta_description"])
    if (typeof copy[field] === "string") copy[field] = `${copy[field]} (copy)`;
  return copy;
}

/**
 * When a treatment's slug changes, its page path and canonical address follow, as long as they
 * still end with the old slug (a person who typed their own path keeps it).
 */
export function followSlug(before: Data, after: Data): Data {
  const oldSlug = before.slug;
  const newSlug = after.slug;
  if (typeof oldSlug !== "string" || typeof newSlug !== "string" || !oldSlug || !newSlug || oldSlug === newSlug)
    return after;
  const next = { ...after };
  for (const field of ["url", "canonical_url"]) {
    const value = before[field];
    if (typeof value === "string" && after[field] === value && value.endsWith(`/${oldSlug}`))
      next[field] = value.slice(0, -oldSlug.length) + newSlug;
  }
  return next;
}
