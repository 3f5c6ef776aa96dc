/**
 * Which file under schemas/ a piece of schema comes from. ajv (with `verbose`) hands back the
 * very schema objects we gave it, so an error's `parentSchema` can be traced to its file, and a
 * hint can name schemas/blocks/heading.schema.json rather than only the page schema.
 */
import { schemaFiles } from "../shared/generated/schema-index";

let owners: Map<object, string> | undefined;
// A subschema reached through if/then/else or allOf/anyOf/oneOf applies to the same value as the
// schema it sits in; this maps it to that schema, where the value's properties are described.
const sameValueParents = new Map<object, object>();
const sameValueKeys = new Set(["if", "then", "else", "not", "allOf", "anyOf", "oneOf"]);

function index(): Map<object, string> {
  const map = new Map<object, string>();
  const walk = (node: unknown, file: string, sameValueParent?: object) => {
    if (node === null || typeof node !== "object" || map.has(node)) return;
    map.set(node, file);
    if (sameValueParent && !Array.isArray(node)) sameValueParents.set(node, sameValueParent);
    for (const [key, child] of Object.entries(node)) {
      const same = sameValueKeys.has(key) ? node : Array.isArray(node) ? sameValueParent : undefined;
      walk(child, file, same);
    }
  };
  for (const [file, schema] of Object.entries(schemaFiles)) walk(schema, file);
  return map;
}

/** The path under schemas/ of the file a schema object belongs to, if it is one of ours. */
export function schemaFileOf(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== "object") return undefined;
  owners ??= index();
  return owners.get(schema);
}

/**
 * The schema of a property, looked up in `schema` and, when it is only an if/then/allOf part,
 * in the schemas that apply to the same value around it.
 */
export function propertySchema(schema: SchemaNode, property: string): SchemaNode | undefined {
  owners ??= index();
  for (let node: SchemaNode | undefined = schema; node; node = sameValueParents.get(node) as SchemaNode | undefined) {
    const found = node.properties?.[property];
    if (found) return found;
  }
  return undefined;
}

/** The root schema of a file under schemas/ ("page.schema.json"). */
export function rootSchema(file: string): SchemaNode | undefined {
  return (schemaFiles as Record<string, SchemaNode>)[file];
}

/** The parts of a schema object schema-errors.ts reads to word a problem. */
export interface SchemaNode {
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  oneOf?: SchemaNode[];
  required?: string[];
  enum?: unknown[];
  discriminator?: { propertyName: string };
}
