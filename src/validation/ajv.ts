/**
 * The project's one ajv instance. Every schema under schemas/ is added once and compiled on first
 * use; the CLI, the relay and the editor all validate through here so they agree on what is valid.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { schemaFiles } from "../shared/generated/schema-index";
import { findHtmlProblems } from "../shared/html/html";
import { installJsdom } from "../shared/html/node-dom";

/** Kinds of cross-reference a schema marks with `x-ref`; see validation/references.ts. */
export type RefKind =
  | "branch-slug"
  | "canonical"
  | "collection"
  | "collection-slug"
  | "data-file"
  | "form"
  | "image"
  | "route"
  | "speciality-name"
  | "speciality-slug";

/** A value the schema marked as a reference, found while validating, with where it stands. */
export interface RefUse {
  kind: RefKind;
  value: string;
  pointer: string;
  /** An image's declared width and height, when it sits in an object that has both. */
  declared?: { width: number; height: number };
}

/** The URI every schema's $id starts with. */
export const schemaBase = "https://schemas.hospital-site.local/";

// ajv's keyword callbacks cannot return data, so `x-ref` hands what it sees to the collector of
// the validation under way. Validation is synchronous, so one slot is enough.
let collector: RefUse[] | null = null;

// The x-html check runs the site's sanitiser, which parses HTML with a DOM: jsdom's, in Node.
installJsdom();

function createAjv() {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    // Errors carry the schema and the data they are about, so validation/messages.ts can say
    // what was expected (a property's title, the allowed names) and what was found. It costs
    // nothing while a document is valid.
    verbose: true,
    // The schemas are checked against the 2020-12 meta-schema by a test
    // (tests/validate/schemas.test.ts), not on every start of every tool (~50 ms each time).
    validateSchema: false,
  });
  addFormats(ajv, ["email", "regex", "date", "uri"]);
  ajv.addKeyword({
    keyword: "x-ref",
    schemaType: "string",
    validate(kind: RefKind, data: unknown, _schema?: unknown, cxt?: { instancePath: string; parentData?: unknown }) {
      if (!collector || typeof data !== "string") return true;
      const ref: RefUse = { kind, value: data, pointer: cxt?.instancePath ?? "" };
      const { width, height } = (cxt?.parentData ?? {}) as { width?: unknown; height?: unknown };
      // The image's own size is checked against its file, which needs both numbers beside it.
      if (kind === "image" && Number.isInteger(width) && Number.isInteger(height))
        ref.declared = { width: width as number, height: height as number };
      collector.push(ref);
      return true;
    },
  });
  ajv.addKeyword({
    keyword: "x-html",
    schemaType: "boolean",
    errors: true,
    validate: function checkHtml(this: unknown, _on: boolean, data: unknown) {
      if (typeof data !== "string") return true;
      const problems = findHtmlProblems(data);
      if (problems.length === 0) return true;
      (checkHtml as { errors?: Partial<ErrorObject>[] }).errors = [
        { keyword: "x-html", message: problems.join("; "), params: { problems } },
      ];
      return false;
    },
  });
  for (const schema of Object.values(schemaFiles)) ajv.addSchema(schema as object);
  return ajv;
}

const ajv = createAjv();

/** The compiled validator of a schema, by its path under schemas/ ("page.schema.json"). */
export function validatorFor(schemaPath: string): ValidateFunction {
  const validate = ajv.getSchema(schemaBase + schemaPath);
  if (!validate) throw new Error(`No schema 'schemas/${schemaPath}' is known.`);
  return validate;
}

/** Paths under schemas/ of every known schema. */
export const knownSchemas = Object.keys(schemaFiles);

/** The result of validating one document: ajv's errors and the references it holds. */
export interface ValidationResult {
  valid: boolean;
  errors: ErrorObject[];
  refs: RefUse[];
}

/** Validates a parsed document against a schema, collecting its marked references. */
export function validateDocument(schemaPath: string, data: unknown): ValidationResult {
  const validate = validatorFor(schemaPath);
  const refs: RefUse[] = [];
  collector = refs;
  try {
    const valid = validate(data) as boolean;
    return { valid, errors: valid ? [] : [...(validate.errors ?? [])], refs };
  } finally {
    collector = null;
  }
}
