/**
 * The form's live validation: @rjsf/validator-ajv8 with ajv's draft 2020-12 class, against the
 * same schemas the CLI uses (inlined by shared/schemas.ts). The project's custom keywords are
 * registered: `x-ref` as an annotation (the references are checked on save, by the CLI, which
 * knows the whole site) and `x-html` as the same allowlist check the CLI and the renderer use,
 * so unsafe HTML is flagged while the person types.
 *
 * ajv's messages are written for developers; `friendlyErrors` rewrites them for content editors.
 */
import type { Experimental_DefaultFormStateBehavior, RJSFSchema, RJSFValidationError } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import type Ajv from "ajv";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020.js";
import { findHtmlProblems } from "../../shared/html/html";

function addProjectKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: "x-ref", schemaType: "string" });
  ajv.addKeyword({
    keyword: "x-html",
    schemaType: "boolean",
    errors: true,
    validate: function checkHtml(_on: boolean, data: unknown) {
      if (typeof data !== "string") return true;
      const problems = findHtmlProblems(data);
      if (problems.length === 0) return true;
      (checkHtml as { errors?: Partial<ErrorObject>[] }).errors = [
        { keyword: "x-html", message: `Unsafe HTML: ${problems.join("; ")}.`, params: { problems } },
      ];
      return false;
    },
  });
  return ajv;
}

export const validator = customizeValidator({
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  ajvOptionsOverrides: { discriminator: true, allowUnionTypes: true },
  extenderFn: addProjectKeywords,
});

/**
 * The form fills in nothing by itself: no empty lists for optional arrays, no defaults or
 * constants the file did not have. Opening a file and saving it unchanged must write the same
 * bytes (tests/editor checks every file).
 */
export const defaultFormStateBehavior: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: "skipDefaults",
  arrayMinItems: { populate: "never" },
  constAsDefaults: "never",
};

type SchemaNode = RJSFSchema & { [key: string]: unknown };

/** The schema of the value at an rjsf property path (".content.sections.0.h2"), where it can be found. */
export function schemaAt(schema: RJSFSchema, property: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema as SchemaNode;
  for (const segment of property.split(".").filter(Boolean)) {
    if (!node) return undefined;
    const merged: SchemaNode = node.allOf ? Object.assign({}, node, ...(node.allOf as SchemaNode[])) : node;
    if (/^\d+$/.test(segment) && merged.items && typeof merged.items === "object") node = merged.items as SchemaNode;
    else node = (merged.properties as Record<string, SchemaNode> | undefined)?.[segment];
  }
  return node;
}

function firstSentence(text: unknown): string {
  if (typeof text !== "string") return "";
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** Only `required` in every option: "give exactly one of these fields" (a link's route, href or action). */
export function isChoiceOfFields(options: unknown): options is { required: string[] }[] {
  return (
    Array.isArray(options) &&
    options.length > 0 &&
    options.every((o) => o && typeof o === "object" && Object.keys(o).every((k) => k === "required" || k === "title"))
  );
}

/** Rewrites ajv's messages as sentences a content editor can act on. */
export function friendlyErrors(errors: RJSFValidationError[], schema: RJSFSchema): RJSFValidationError[] {
  const choices = errors.filter(
    (e) => e.name === "oneOf" && isChoiceOfFields(schemaAt(schema, e.property ?? "")?.oneOf),
  );
  return errors
    .filter((e) => e.name !== "if" && !(e.name === "required" && choices.some((c) => inChoice(e, c))))
    .map((error) => ({ ...error, message: messageFor(error, schema), stack: messageFor(error, schema) }));
}

function inChoice(error: RJSFValidationError, choice: RJSFValidationError): boolean {
  return !!choice.schemaPath && !!error.schemaPath?.startsWith(`${choice.schemaPath}/`);
}

function messageFor(error: RJSFValidationError, schema: RJSFSchema): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const at = schemaAt(schema, error.property ?? "");
  switch (error.name) {
    case "required":
      return "Required: fill this in.";
    case "minLength":
      return params.limit === 1 ? "This cannot be empty." : `Use at least ${params.limit} characters.`;
    case "maxLength":
      return `Use at most ${params.limit} characters.`;
    case "pattern":
      return `This is not in the expected form. ${firstSentence(at?.description)}`.trim();
    case "enum":
      return "Choose one of the listed options.";
    case "const":
      return `This must be '${String(params.allowedValue)}'.`;
    case "minItems":
      return `Add at least ${params.limit}.`;
    case "maxItems":
      return `Use at most ${params.limit}.`;
    case "minimum":
      return `Use ${params.limit} or more.`;
    case "maximum":
      return `Use ${params.limit} or less.`;
    case "type":
      return `This must be ${typeWords[String(params.type)] ?? String(params.type)}.`;
    case "format":
      return params.format === "email"
        ? "This is not an e-mail address."
        : params.format === "regex"
          ? "This is not a valid regular expression."
          : `This is not a valid ${String(params.format)}.`;
    case "additionalProperties":
      return `'${String(params.additionalProperty)}' is not a field here; remove it.`;
    case "oneOf": {
      const options = at?.oneOf;
      if (isChoiceOfFields(options)) {
        const names = options.flatMap((o) => o.required).map((name) => fieldTitle(at, name));
        return `Fill in exactly one of: ${names.join(", ")}.`;
      }
      return "This does not match any of the allowed shapes.";
    }
    case "propertyNames":
      return "One of the names here is not allowed.";
    default:
      return error.message ?? "This value is not valid.";
  }
}

const typeWords: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "yes or no",
  array: "a list",
  object: "a group of fields",
};

function fieldTitle(schema: SchemaNode | undefined, name: string): string {
  const title = (schema?.properties as Record<string, SchemaNode> | undefined)?.[name]?.title;
  return typeof title === "string" ? title : name;
}
