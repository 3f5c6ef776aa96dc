/**
 * A problem the validator found in one file, and the catalogue entry type every user-facing
 * message is made from (see catalogue.ts).
 */

export type Severity = "error" | "warning";

/** One entry of the catalogue: what went wrong, in words, and how to fix it. */
export interface CatalogueEntry<P extends unknown[]> {
  /** A stable name, PascalCase, for machines and tests ("UnknownRoute"). */
  name: string;
  /** A short title, for lists of entries. */
  title: string;
  severity: Severity;
  /** The full message: what was expected, what was found, and what to do, in sentences. */
  message: (...params: P) => string;
  /** A line of help shown under the message. */
  hint?: string;
}

/** A problem at one place of one file. */
export interface Problem {
  /** The catalogue entry's name. */
  name: string;
  severity: Severity;
  /** JSON pointer of the value the problem is about ("" for the whole file). */
  pointer: string;
  message: string;
  hint?: string;
  /** Point at the property's name rather than its value (for properties that should not be there). */
  at?: "key";
  /** 1-based position, when known without the pointer (syntax errors). */
  line?: number;
  column?: number;
}

/** Makes a problem from a catalogue entry and the entry's message parameters. */
export function problem<P extends unknown[]>(entry: CatalogueEntry<P>, pointer: string, ...params: P): Problem {
  const made: Problem = { name: entry.name, severity: entry.severity, pointer, message: entry.message(...params) };
  if (entry.hint) made.hint = entry.hint;
  return made;
}

/** Splits a JSON pointer into its unescaped segments: "/a~1b/0" -> ["a/b", "0"]. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Appends a segment to a JSON pointer, escaping it. */
export function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${String(segment).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
