/** How catalogue entries are written. */
import type { CatalogueEntry } from "../problem";

/** Declares an entry, keeping its message's parameter types. */
export const entry = <P extends unknown[]>(e: CatalogueEntry<P>) => e;

/** "; did you mean 'x'?" when there is a suggestion, else `end`. */
export const didYouMean = (suggestion: string | undefined, end = ".") =>
  suggestion ? `; did you mean '${suggestion}'?` : end;
