/**
 * ajv's errors, turned into sentences a content editor can act on: what was expected, what was
 * found, and where. Errors that are one mistake seen from several sides (a discriminator and its
 * enum, a oneOf and each branch's `required`, an `if` and its `then`) become one problem.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { childPointer, pointerSegments, type UnplacedProblem } from "./problem";
import { propertySchema, rootSchema, type SchemaNode, schemaFileOf } from "./schema-owner";
import { closest } from "./suggest";
import { aboutFromDescription, describe, describeWithKind, lowerTitle, plural, subject, typeInWords } from "./words";

type Params = Record<string, unknown>;

/** The pattern schemas give text that must not be blank (with minLength 1): a character that is not a space. */
export const nonBlank = "\\S";

/**
 * Where the problem of a missing property points. In a file it points at the object that lacks
 * the property, which is all the text has; in a form the property has a field of its own, empty,
 * where the person looks for the reason.
 */
export type MissingPropertyAt = "object" | "property";

/**
 * How a problem names the value it is about: by its property name as written in the file
 * ('route', for the CLI and people editing JSON), or by its label as a form shows it
 * ('Page address', for the editor: its schema title), without pointing at the schema file.
 */
export type Naming = "properties" | "labels";

/** Turns the errors of one document into problems; `schemaFile` is the document's schema. */
export function schemaProblems(
  errors: readonly ErrorObject[],
  schemaFile: string,
  missingAt: MissingPropertyAt = "object",
  naming: Naming = "properties",
): UnplacedProblem[] {
  const skipped = skippedErrors(errors);
  const problems: UnplacedProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (skipped.has(error)) continue;
    const made = toProblem(error, errors, schemaFile, naming);
    if (missingAt === "property" && error.keyword === "required")
      made.pointer = childPointer(error.instancePath, String(error.params.missingProperty));
    const key = `${made.pointer}\n${made.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!made.hint && naming === "properties")
      made.hint = `see schemas/${schemaFileOf(error.parentSchema) ?? schemaFile}`;
    problems.push(made);
  }
  return problems;
}

/** Errors that repeat, or only explain, another error that says it better. */
function skippedErrors(errors: readonly ErrorObject[]): Set<ErrorObject> {
  const skipped = new Set<ErrorObject>();
  for (const error of errors) {
    const parent = error.parentSchema as SchemaNode | undefined;
    if (error.keyword === "if") skipped.add(error);
    if (error.keyword === "discriminator") {
      const tag = String((error.params as Params).tag);
      for (const other of errors) {
        const tagValue = other.instancePath === `${error.instancePath}/${tag}`;
        const missingTag = other.instancePath === error.instancePath && other.keyword === "required";
        if ((tagValue && other.keyword !== "discriminator") || (missingTag && other.params.missingProperty === tag))
          skipped.add(other);
      }
    }
    if (error.keyword === "oneOf" || error.keyword === "propertyNames") {
      for (const other of errors) {
        if (other !== error && isInside(other, error, parent)) skipped.add(other);
      }
    }
    // Empty text breaks both minLength and the non-blank pattern: the first says it better.
    if (error.keyword === "pattern" && (error.params as Params).pattern === nonBlank) {
      const tooShort = errors.some((o) => o.instancePath === error.instancePath && o.keyword === "minLength");
      if (tooShort) skipped.add(error);
    }
    if (error.keyword === "type") {
      const hasValues = errors.some(
        (o) => o.instancePath === error.instancePath && (o.keyword === "enum" || o.keyword === "const"),
      );
      if (hasValues) skipped.add(error);
    }
  }
  return skipped;
}

/** Whether `inner` is an error of one of `outer`'s subschemas. */
function isInside(inner: ErrorObject, outer: ErrorObject, outerSchema: SchemaNode | undefined): boolean {
  if (!inner.instancePath.startsWith(outer.instancePath)) return false;
  if (outerSchema?.oneOf?.includes(inner.parentSchema as SchemaNode)) return true;
  return inner.schemaPath.startsWith(`${outer.schemaPath}/`);
}

function toProblem(
  error: ErrorObject,
  all: readonly ErrorObject[],
  schemaFile: string,
  naming: Naming,
): UnplacedProblem {
  const params = error.params as Params;
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const at = error.instancePath;
  const what = naming === "labels" && parent.title ? `'${parent.title}'` : subject(at);
  const data: unknown = error.data;
  switch (error.keyword) {
    case "required": {
      const property = String(params.missingProperty);
      const label = propertySchema(parent, property)?.title;
      if (naming === "labels" && label) return problem(say.MissingField, at, label, holder(parent, at, schemaFile));
      const about = propertyAbout(propertySchema(parent, property));
      return problem(say.MissingProperty, at, property, about, holder(parent, at, schemaFile));
    }
    case "additionalProperties": {
      const property = String(params.additionalProperty);
      const allowed = Object.keys(parent.properties ?? {}).filter((p) => p !== "$schema");
      const made = problem(
        say.UnexpectedProperty,
        childPointer(at, property),
        property,
        holder(parent, at, schemaFile),
        closest(property, allowed),
        allowed,
      );
      return { ...made, at: "key" };
    }
    case "propertyNames": {
      const name = String(params.propertyName);
      const inner = all.find((o) => o !== error && isInside(o, error, parent) && o.keyword === "enum");
      const allowed = ((inner?.params as Params | undefined)?.allowedValues as unknown[] | undefined) ?? [];
      const suggestion = closest(name, allowed.map(String));
      return { ...problem(say.UnexpectedName, childPointer(at, name), name, what, suggestion, allowed), at: "key" };
    }
    case "type":
      return problem(say.WrongType, at, what, typeInWords(params.type), describeWithKind(data));
    case "enum":
    case "const": {
      const allowed = error.keyword === "enum" ? (params.allowedValues as unknown[]) : [params.allowedValue];
      const words = allowed.filter((a): a is string => typeof a === "string");
      const suggestion = typeof data === "string" ? closest(data, words) : undefined;
      return problem(say.NotAllowedValue, at, what, allowed, describeWithKind(data), suggestion);
    }
    case "pattern": {
      const pattern = String(params.pattern);
      if (pattern === nonBlank) return problem(say.BlankText, at, what);
      const expected = say.patternWords[pattern] ?? `text matching the pattern ${pattern}`;
      return problem(say.PatternMismatch, at, what, expected, describe(data));
    }
    case "format": {
      const format = String(params.format);
      return problem(say.BadFormat, at, what, say.formatWords[format] ?? `in the format '${format}'`, describe(data));
    }
    case "minLength": {
      const text = String(data);
      return problem(
        say.TooShort,
        at,
        what,
        Number(params.limit),
        `${describe(text)} (${plural(text.length, "character")})`,
      );
    }
    case "maxLength":
      return problem(say.TooLong, at, what, Number(params.limit), String(data).length);
    case "minItems":
    case "maxItems": {
      const bound = `${error.keyword === "minItems" ? "at least" : "at most"} ${plural(Number(params.limit), "item")}`;
      return problem(say.WrongItemCount, at, what, bound, Array.isArray(data) ? data.length : 0);
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return problem(say.OutOfRange, at, what, boundWords(error.keyword, params), String(data));
    case "discriminator":
      return discriminatorProblem(error, parent);
    case "oneOf":
      return oneOfProblem(error, parent, schemaFile);
    case "x-html":
      return problem(say.UnsafeHtml, at, what, (params.problems as string[] | undefined) ?? [String(error.message)]);
    default:
      return problem(say.SchemaMismatch, at, what, String(error.message));
  }
}

function boundWords(keyword: string, params: Params): string {
  const limit = String(params.limit);
  if (keyword === "minimum") return `at least ${limit}`;
  if (keyword === "maximum") return `at most ${limit}`;
  return `${keyword === "exclusiveMinimum" ? "more" : "less"} than ${limit}`;
}

function discriminatorProblem(error: ErrorObject, parent: SchemaNode): UnplacedProblem {
  const params = error.params as Params;
  const tag = String(params.tag);
  const kind = lowerTitle(parent.title ?? "item");
  const allowed = (parent.properties?.[tag]?.enum ?? []).map(String);
  if (params.error === "mapping") {
    const value = String(params.tagValue);
    return problem(say.UnknownBlockType, `${error.instancePath}/${tag}`, kind, value, allowed, closest(value, allowed));
  }
  const found = (error.data as Record<string, unknown> | undefined)?.[tag];
  const pointer = found === undefined ? error.instancePath : `${error.instancePath}/${tag}`;
  const foundWords = found === undefined ? "none" : describeWithKind(found);
  return problem(say.MissingBlockType, pointer, kind, tag, foundWords, allowed);
}

function oneOfProblem(error: ErrorObject, parent: SchemaNode, schemaFile: string): UnplacedProblem {
  const branches = parent.oneOf ?? [];
  const names = branches.map((b) => (Object.keys(b).length === 1 && b.required?.length === 1 ? b.required[0] : ""));
  if (names.length > 0 && names.every(Boolean)) {
    const data = (error.data ?? {}) as Record<string, unknown>;
    const present = names.filter((n) => data[n] !== undefined);
    return problem(
      say.ExactlyOneOf,
      error.instancePath,
      holder(parent, error.instancePath, schemaFile),
      names,
      present,
    );
  }
  const passing = (error.params as Params).passingSchemas;
  const matches = Array.isArray(passing) ? passing.length : 0;
  return problem(say.NoMatchingForm, error.instancePath, subject(error.instancePath), matches);
}

/** A property's schema, as words in brackets: its description's first sentence, or its title. */
function propertyAbout(schema: SchemaNode | undefined): string | undefined {
  if (schema?.description) return aboutFromDescription(schema.description);
  return schema?.title ? lowerTitle(schema.title) : undefined;
}

/** The object an error is about, as words: "this section", "this page", "'payload'". */
function holder(parent: SchemaNode, pointer: string, schemaFile: string): string {
  if (parent.title) return `this ${lowerTitle(parent.title)}`;
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return `this ${lowerTitle(rootSchema(schemaFile)?.title ?? "file")}`;
  return subject(pointer);
}
