/**
 * One document checked against its schema alone, as a form checks it while a person types: the
 * same ajv, the same schema and the same words as the CLI's first pass (check-file.ts), without
 * the checks that need the rest of the site. It reaches no node: module, so the editor's browser
 * app runs it.
 */
import { validateDocument } from "./ajv";
import { placeProblems } from "./positions";
import type { Problem } from "./problem";
import { type Naming, schemaProblems } from "./schema-errors";

/** A document to check against its schema. */
export interface SchemaCheck {
  /** The file as problems show it ("site-config/navigation.json"). */
  file: string;
  /** Its schema, by path under schemas/ ("navigation.schema.json"). */
  schema: string;
  /** The document, parsed. */
  data: unknown;
  /** The document's text, asked for only when a problem needs a line and column. */
  text: () => string;
  /** Name values by their labels, as a form shows them (the editor), rather than by property. */
  naming?: Naming;
}

/**
 * The schema problems of one document, with the CLI's messages and hints. A missing property's
 * problem points at the property itself, where a form shows its empty field, rather than at the
 * object that lacks it as the CLI's does; its line and column are the object's all the same.
 */
export function checkAgainstSchema(check: SchemaCheck): Problem[] {
  const { errors } = validateDocument(check.schema, check.data);
  if (errors.length === 0) return [];
  return placeProblems(schemaProblems(errors, check.schema, "property", check.naming), check.file, check.text);
}
