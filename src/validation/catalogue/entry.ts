/** How catalogue entries are written, and how a check turns one into a problem. */
import type { Severity, UnplacedProblem } from "../problem";

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
  /**
   * How `npm run validate` sums up `count` warnings of this kind on one line ("3 entries are
   * sample data"); without it, the title is used.
   */
  summary?: (count: number) => string;
}

/** Declares an entry, keeping its message's parameter types. */
export const entry = <P extends unknown[]>(e: CatalogueEntry<P>) => e;

/** "; did you mean 'x'?" when there is a suggestion, else `end`. */
export const didYouMean = (suggestion: string | undefined, end = ".") =>
  suggestion ? `; did you mean '${suggestion}'?` : end;

/** Makes a problem from a catalogue entry and the entry's message parameters; the run places it. */
export function problem<P extends unknown[]>(entry: CatalogueEntry<P>, pointer: string, ...params: P): UnplacedProblem {
  return {
    pointer,
    name: entry.name,
    severity: entry.severity,
    message: entry.message(...params),
    hint: entry.hint ?? null,
  };
}
