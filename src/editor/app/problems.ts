/**
 * The problems an open file shows, and where: the validator's schema check as the person types
 * (validation/browser.ts, the CLI's own words), and the server's from the last save or check
 * (the whole site's checks), sorted into the part they belong to and turned into rjsf's
 * ErrorSchema so each shows next to its field.
 */
import type { ErrorSchema } from "@rjsf/utils";
import { checkAgainstSchema, type Problem } from "../../validation/browser";
import type { ConfigFileInfo } from "../shared/config-files";
import { jsonEqual, printJson, toJson } from "../shared/json-format";
import { locate, type Part, type Split, samePart } from "../shared/parts";

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

/**
 * The schema problems of the file as it is in the form, as the CLI would word them. `text` is
 * the file as opened: a problem's line is the one it would have once saved in the file's layout.
 */
export function liveProblems(info: ConfigFileInfo, doc: unknown, text: string): Problem[] {
  const data = toJson(doc);
  return checkAgainstSchema({
    file: info.path,
    schema: info.schema,
    data,
    text: () => printJson(data, text),
    naming: "labels",
  });
}

/** Keeps server problems until the person changes the value they are about. */
export function holdProblems(problems: Problem[], doc: unknown, file: string): HeldProblem[] {
  return problems.map((p) => ({ ...p, seen: p.file === file ? valueAt(doc, p.pointer) : undefined }));
}

export function stillStanding(problems: HeldProblem[], doc: unknown, file: string): HeldProblem[] {
  return problems.filter((p) => p.file !== file || jsonEqual(valueAt(doc, p.pointer), p.seen));
}

/**
 * The problems of the open file to show at its fields: every live one, and the server's that say
 * something else. A property the server found missing is the live check's too, at the field
 * rather than the object, in the same words: it shows once, at the field.
 */
export function fieldProblems(live: Problem[], server: Problem[], file: string): Problem[] {
  const said = new Set(live.map((p) => p.message));
  return [...live, ...server.filter((p) => p.file === file && !said.has(p.message))];
}

/** rjsf's ErrorSchema for the problems of one part. */
export function errorSchemaFor(problems: Problem[], split: Split | undefined, part: Part): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const problem of problems) {
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

/** How many problems each part has (by partKey). */
export function countsByPart(problems: Problem[], split: Split | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const problem of problems) {
    const key = partKey(locate(split, problem.pointer).part);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The rjsf field id of a pointer within a part ("/items/0/label" -> "root_items_0_label"). */
export function fieldId(pointer: string): string {
  return ["root", ...pointer.split("/").slice(1)].join("_");
}
