/**
 * Where a problem is, in the form's words: "Menu entry ‘About us’ › Page address" rather than
 * "/items/1/route". Walks the file's form schema along the problem's pointer, naming each
 * property by its title and each list item by its own name (a label, name, title, question or
 * heading) where it has one.
 */
import type { RJSFSchema } from "@rjsf/utils";
import { formSchema, schemaPaths } from "./schemas";

type Data = Record<string, unknown>;

/** Text fields that name a list item, in the order they are tried. */
const naming = ["label", "name", "title", "question", "h2", "h3", "h4", "heading", "text", "slug"];

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** The schema of a property, looked for in the schema and its allOf/oneOf/anyOf branches. */
function propertyOf(schema: RJSFSchema | undefined, name: string): RJSFSchema | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  const own = schema.properties?.[name];
  if (own && typeof own === "object") return own as RJSFSchema;
  for (const key of ["allOf", "oneOf", "anyOf"] as const) {
    for (const branch of (schema[key] as RJSFSchema[] | undefined) ?? []) {
      const found = propertyOf(branch, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** An item of a list, by its own name if it has one: "Menu entry ‘About us’", else "Menu entry 2". */
export function itemName(item: unknown, schema: RJSFSchema | undefined, index: number): string {
  const title = schema?.title ?? "Item";
  const data = item && typeof item === "object" ? (item as Data) : {};
  const own = naming.map((key) => data[key]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  return own ? `${title} ‘${short(own)}’` : `${title} ${index + 1}`;
}

/** The labels on the way to `pointer` in a document of the schema `schemaPath` ([] for the whole file). */
export function fieldPath(schemaPath: string, doc: unknown, pointer: string): string[] {
  const names: string[] = [];
  let schema: RJSFSchema | undefined = formSchema(schemaPath);
  let value: unknown = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(value) && /^\d+$/.test(segment)) {
      const item: unknown = value[Number(segment)];
      let itemSchema = (schema?.items && typeof schema.items === "object" ? schema.items : undefined) as
        | RJSFSchema
        | undefined;
      // A block has the schema of its own type.
      const type = item && typeof item === "object" ? (item as Data).type : undefined;
      if (typeof type === "string" && schemaPaths.includes(`blocks/${type}.schema.json`))
        itemSchema = formSchema(`blocks/${type}.schema.json`);
      // "Menu entry ‘About us’" says what "Menu entries" would: it stands in for the list's title.
      if (names.length > 0) names.pop();
      names.push(itemName(item, itemSchema, Number(segment)));
      schema = itemSchema;
      value = item;
    } else {
      const property = propertyOf(schema, segment);
      names.push(property?.title ?? segment);
      schema = property;
      value = value && typeof value === "object" ? (value as Data)[segment] : undefined;
    }
  }
  return names;
}

/** `fieldPath` as one line: "Menu entry ‘About us’ › Page address"; "The whole file" for "". */
export function fieldLabel(schemaPath: string, doc: unknown, pointer: string): string {
  const names = fieldPath(schemaPath, doc, pointer);
  return names.length === 0 ? "The whole file" : names.join(" › ");
}
