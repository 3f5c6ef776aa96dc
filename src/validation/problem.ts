/**
 * The one problem type: what the validator found, where, and in words. The CLI prints it, its
 * `--format json` output lists it as it is, the editor's API sends it and the editor shows it.
 */

export type Severity = "error" | "warning";

/** A problem at one place of one file, in the catalogue's words (src/validation/catalogue/). */
export interface Problem {
  /**
   * The file as shown: relative to the folder the run shows paths from, with '/' separators
   * ("site-config/pages/home.json"; the editor's own paths are shown this way too).
   */
  file: string;
  /** 1-based line of the value (or property name) the problem is about. */
  line: number;
  /** 1-based column, counted in UTF-16 code units as editors do. */
  column: number;
  /** JSON pointer of the value the problem is about ("" for the whole file). */
  pointer: string;
  /** The catalogue entry's name ("UnknownRoute"), for machines and tests. */
  name: string;
  severity: Severity;
  /** What was expected, what was found and what to do, in full sentences. */
  message: string;
  /** A line of help shown under the message, or null. */
  hint: string | null;
  /**
   * Problems elsewhere that this one causes, folded under it: the references that still use a
   * slug this problem changed. Each is a whole problem of its own file. Absent when there are none.
   */
  followOns?: Problem[];
}

/**
 * A problem as a check finds it, before the run gives it its file and its place: positions come
 * from parsing the file's text again, which only files with problems need (see run.ts).
 */
export interface UnplacedProblem extends Omit<Problem, "file" | "line" | "column"> {
  /** Point at the property's name rather than its value (for properties that should not be there). */
  at?: "key";
  /** The position, when a check knows it without the pointer (syntax errors). */
  line?: number;
  column?: number;
  /**
   * For a reference that names something missing: what is missing ("slug:<data file>:<slug>",
   * "route:<route>"), so a problem that explains it can take it as a follow-on (fold.ts).
   */
  missing?: string;
  /** For a problem that can cause others: the missing things it explains (keys as `missing`). */
  explains?: string[];
  /**
   * For a problem of a large file: one letter per step of its pointer that exists in the
   * document, "a" where the step is an item of a list, "o" where it is a property (positions.ts).
   */
  steps?: string;
  /** Words the message anew once its follow-ons are counted. */
  reword?: (followOns: number) => string;
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
  // Most segments (list indexes, property names) hold neither '~' nor '/': two searches spare
  // them two replacements (a treatment file's string walk makes hundreds of pointers).
  if (typeof segment === "number" || (!segment.includes("~") && !segment.includes("/"))) return `${pointer}/${segment}`;
  return `${pointer}/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
