/**
 * Problems, placed: the server's (from the validate CLI, by JSON pointer) and the live
 * validator's, sorted into the part they belong to and turned into rjsf's ErrorSchema so each
 * shows next to its field.
 */
import type { ErrorSchema, RJSFSchema } from "@rjsf/utils";
import type { Problem } from "../shared/api";
import { jsonEqual } from "../shared/json-format";
import { locate, type Part, type Split, samePart } from "../shared/parts";
import { validator } from "./validator";

/** A server problem, with the value it was about when it was found. */
export interface HeldProblem extends Problem {
  seen: unknown;
}

/** The value at a JSON pointer. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Keeps server problems until the person changes the value they are about. */
export function holdProblems(problems: Problem[], doc: unknown): HeldProblem[] {
  return problems.map((p) => ({ ...p, seen: p.file ? undefined : valueAt(doc, p.pointer) }));
}

export function stillStanding(problems: HeldProblem[], doc: unknown): HeldProblem[] {
  return problems.filter((p) => p.file !== undefined || jsonEqual(valueAt(doc, p.pointer), p.seen));
}

/** rjsf's ErrorSchema for the problems of one part. */
export function errorSchemaFor(problems: Problem[], split: Split | undefined, part: Part): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const problem of problems) {
    if (problem.file) continue;
    const placed = locate(split, problem.pointer);
    if (!samePart(placed.part, part)) continue;
    let node = schema;
    for (const raw of placed.pointer.split("/").slice(1)) {
      const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node.__errors ??= [];
    const list = node.__errors as string[];
    if (!list.includes(problem.message)) list.push(problem.message);
  }
  return schema as ErrorSchema;
}

/** A key for a part, for maps and React keys. */
export function partKey(part: Part): string {
  return part.kind === "item" ? String(part.index) : part.kind;
}

/** How many live schema errors each part has (by partKey), from validating the whole file. */
export function liveErrorCounts(schema: RJSFSchema, doc: unknown, split: Split | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  const { errors } = validator.rawValidation<{ instancePath: string; keyword: string }>(schema, doc);
  for (const error of errors ?? []) {
    if (error.keyword === "if") continue;
    const key = partKey(locate(split, error.instancePath).part);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The rjsf field id of a pointer within a part ("/items/0/label" -> "root_items_0_label"). */
export function fieldId(pointer: string): string {
  return ["root", ...pointer.split("/").slice(1)].join("_");
}
