/**
 * The project's schemas, made ready for @rjsf/core: every `$ref` (across files, by `$id`) is
 * replaced by the schema it points at, so the form generator and its validator see one
 * self-contained schema per config kind, with the same keywords the CLI validates. A ref's
 * sibling title and description win over the target's, as they do for the CLI's messages.
 *
 * From the same walk comes the uiSchema: long text as text areas, the `$schema` line and block
 * `type` constants hidden (they are not the content team's to change).
 */
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { schemaFiles } from "../../shared/generated/schema-index";
import { schemaBase } from "../../validation/browser";

/** The widget of each kind of marked value (`x-ref`): the editor app's pickers (app/pickers/). */
const pickerWidgets: Record<string, string> = {
  route: "route",
  image: "image",
  form: "form",
  "speciality-slug": "speciality",
  "speciality-name": "specialityName",
  "branch-slug": "branch",
};

type SchemaObject = { [key: string]: unknown };

const annotations = new Set(["title", "description", "x-ref", "x-html", "$comment", "examples", "default"]);

/** Shared definitions whose strings are prose (line breaks kept, or inline HTML): text areas of so many rows. */
const multilineDefs = new Map([
  ["/$defs/plainText", 4],
  ["/$defs/inlineHtml", 2],
]);

/** Property names that hold prose in every config kind, whatever their schema. */
const proseNames =
  /^(description|description_after|intro|answer|text|paragraph|paragraphs|conclusion|summary|about|message|meta_description|hours|body)$/;

const multiline = new WeakMap<object, number>();

/** Paths under schemas/ of every known schema ("page.schema.json", "blocks/heading.schema.json"). */
export const schemaPaths = Object.keys(schemaFiles);

const byId = new Map<string, SchemaObject>(
  Object.entries(schemaFiles).map(([file, schema]) => [schemaBase + file, schema as SchemaObject]),
);

function resolveRef(ref: string, base: string): { doc: string; pointer: string; target: unknown } {
  const url = new URL(ref, base);
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ""));
  url.hash = "";
  const doc = url.href;
  const root = byId.get(doc);
  if (!root) throw new Error(`The schema '${ref}' (from ${base}) is not one of schemas/.`);
  let target: unknown = root;
  for (const segment of pointer.split("/").slice(1)) {
    const key = segment.replace(/~1/g, "/").replace(/~0/g, "~");
    target = (target as SchemaObject | undefined)?.[key];
  }
  if (target === undefined) throw new Error(`The schema '${ref}' (from ${base}) points at nothing.`);
  return { doc, pointer, target };
}

function inline(node: unknown, base: string, seen: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, base, seen));
  if (node === null || typeof node !== "object") return node;
  const schema = node as SchemaObject;
  const here = typeof schema.$id === "string" ? new URL(schema.$id, base).href : base;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$id" || key === "$schema" || key === "$defs" || key === "$ref") continue;
    // Under `properties`, keys are names, not keywords: a property called "$schema" is kept.
    out[key] = key === "properties" ? inlineProperties(value, here, seen) : inline(value, here, seen);
  }
  if (typeof schema.$ref !== "string") return out;
  const { doc, pointer, target } = resolveRef(schema.$ref, here);
  const key = `${doc}#${pointer}`;
  if (seen.includes(key)) throw new Error(`The schema ${key} refers to itself; the editor cannot show it as a form.`);
  const resolved = inline(target, doc, [...seen, key]) as SchemaObject;
  const clash = Object.keys(out).some((k) => !annotations.has(k) && k in resolved);
  // Siblings of $ref apply as well as the target (2020-12); where they only annotate, a merge
  // says the same thing and gives the form one title.
  const merged = clash
    ? { ...pick(out, annotations), allOf: [omit(out, annotations), resolved] }
    : { ...resolved, ...out };
  const rows = multilineDefs.get(pointer) ?? multiline.get(resolved);
  if (rows) multiline.set(merged, rows);
  return merged;
}

function inlineProperties(properties: unknown, base: string, seen: readonly string[]): unknown {
  if (properties === null || typeof properties !== "object") return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, inline(value, base, seen)]));
}

function pick(schema: SchemaObject, keys: Set<string>): SchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => keys.has(k)));
}

function omit(schema: SchemaObject, keys: Set<string>): SchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.has(k)));
}

const bundled = new Map<string, RJSFSchema>();

/**
 * The schema at `schemaPath` (a path under schemas/, optionally with a `#/json/pointer` into it),
 * with every reference inlined. The same object is returned for the same path, so validators
 * compile it once.
 */
export function formSchema(schemaPath: string): RJSFSchema {
  let schema = bundled.get(schemaPath);
  if (!schema) {
    const [file, pointer = ""] = schemaPath.split("#");
    if (!byId.has(schemaBase + file)) throw new Error(`No schema 'schemas/${file}' is known.`);
    const ref = pointer ? `${schemaBase}${file}#${pointer}` : schemaBase + file;
    schema = inline({ $ref: ref }, schemaBase, []) as RJSFSchema;
    bundled.set(schemaPath, schema);
  }
  return schema;
}

/** How many rows a string schema's text area gets; 0 when it is a one-line field. */
function proseRows(schema: SchemaObject, name: string | undefined): number {
  // Only the non-blank pattern ("\\S") allows prose; other patterns ask for a code, a path or a number.
  const patterned = "pattern" in schema && schema.pattern !== "\\S";
  if (schema.type !== "string" || "enum" in schema || "const" in schema || patterned) return 0;
  if (name === "meta_description") return 2;
  return multiline.get(schema) ?? (name !== undefined && proseNames.test(name) ? 4 : 0);
}

/** The uiSchema for a form of `schema`: text areas for prose, hidden `$schema` and constants. */
export function uiSchemaFor(schema: RJSFSchema, name?: string): UiSchema {
  const node = schema as SchemaObject;
  const ui: UiSchema = {};
  if ("const" in node) return { "ui:widget": "hidden" };
  // A value that names something of the site is chosen from what exists (app/pickers/).
  const picker = typeof node["x-ref"] === "string" ? pickerWidgets[node["x-ref"]] : undefined;
  if (picker) return { "ui:widget": picker };
  const rows = proseRows(node, name);
  if (rows > 0) {
    ui["ui:widget"] = "textarea";
    ui["ui:options"] = { rows };
  }
  const properties = node.properties as Record<string, RJSFSchema> | undefined;
  for (const [key, sub] of Object.entries(properties ?? {})) {
    const child = key === "$schema" ? { "ui:widget": "hidden" } : uiSchemaFor(sub, key);
    if (Object.keys(child).length > 0) ui[key] = child;
  }
  for (const keyword of ["allOf", "oneOf", "anyOf"] as const) {
    for (const branch of (node[keyword] as RJSFSchema[] | undefined) ?? [])
      Object.assign(ui, uiSchemaFor(branch, name));
  }
  // A picture with its words and size: uploaded as one (app/pickers/widgets.tsx, PictureField).
  if (ui.src?.["ui:widget"] === "image" && properties?.alt) {
    ui["ui:field"] = "picture";
    ui.src = { ...ui.src, "ui:options": { upload: false } };
  }
  const items = node.items as RJSFSchema | undefined;
  if (items && typeof items === "object" && !Array.isArray(items)) {
    const child = uiSchemaFor(items, name);
    if (Object.keys(child).length > 0) ui.items = child;
  }
  return ui;
}

/** The path under schemas/ named by a config file's "$schema" ("../../schemas/page.schema.json" -> "page.schema.json"). */
export function schemaPathFromRef(ref: unknown): string | undefined {
  if (typeof ref !== "string") return undefined;
  const at = ref.lastIndexOf("schemas/");
  const path = at === -1 ? ref : ref.slice(at + "schemas/".length);
  return path in schemaFiles ? path : undefined;
}

/** A schema's own title, for labels ("Navigation", "Call-to-action banner"). */
export function schemaTitle(schemaPath: string): string | undefined {
  const schema = (schemaFiles as Record<string, { title?: string }>)[schemaPath.split("#")[0]];
  return schema?.title;
}
