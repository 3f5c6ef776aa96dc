/**
 * Where a JSON pointer stands in a file's text, as 1-based line and column. ajv knows only
 * pointers; the text is parsed again with jsonc-parser's tree, and only for files that have
 * something to report, so valid files cost one JSON.parse and nothing more.
 */
import { type Node, parseTree } from "jsonc-parser";
import { type Problem, pointerSegments, type UnplacedProblem } from "./problem";

export interface Position {
  line: number;
  column: number;
}

/** Finds positions in one file's text. Build one per file that has problems. */
export class PositionFinder {
  private readonly root: Node | undefined;
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    this.root = parseTree(text);
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** Line and column of a character offset. */
  at(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  /**
   * The position of the value at `pointer`, or of its property name with `at: "key"`. A pointer
   * that goes further than the text (a missing property) stops at the deepest value that exists.
   */
  of(pointer: string, at?: "key"): Position {
    let node = this.root;
    let key: Node | undefined;
    if (!node) return { line: 1, column: 1 };
    for (const segment of pointerSegments(pointer)) {
      const next = childOf(node, segment);
      if (!next) break;
      node = next.value;
      key = next.key;
    }
    const target = at === "key" && key ? key : node;
    return this.at(target.offset);
  }
}

/**
 * Gives the problems of one file their file as shown and their positions, sorted by place. The
 * text is parsed only when a problem needs a position, so a file without problems costs nothing.
 */
export function placeProblems(found: readonly UnplacedProblem[], file: string, text: () => string): Problem[] {
  return placeEach(found, file, text).sort(byPlace);
}

/** Orders problems of one file by where they stand. */
export const byPlace = (a: Problem, b: Problem) => a.line - b.line || a.column - b.column;

/**
 * As placeProblems, in the order given. A problem's line and column are found when first read:
 * a run that only counts some problems (the placeholders of a demonstration, one note for
 * thousands) never parses their files again.
 */
export function placeEach(found: readonly UnplacedProblem[], file: string, text: () => string): Problem[] {
  let finder: PositionFinder | undefined;
  return found.map((p): Problem => {
    let known: Position | undefined =
      p.line !== undefined && p.column !== undefined ? { line: p.line, column: p.column } : undefined;
    const where = () => {
      if (!known) {
        finder ??= new PositionFinder(text());
        known = finder.of(p.pointer, p.at);
      }
      return known;
    };
    // In the order `--format json` prints a problem's fields.
    return {
      file,
      get line() {
        return where().line;
      },
      get column() {
        return where().column;
      },
      pointer: p.pointer,
      name: p.name,
      message: p.message,
      hint: p.hint,
      severity: p.severity,
    };
  });
}

function childOf(node: Node, segment: string): { key?: Node; value: Node } | undefined {
  if (node.type === "array") {
    const item = /^\d+$/.test(segment) ? node.children?.[Number(segment)] : undefined;
    return item ? { value: item } : undefined;
  }
  if (node.type !== "object") return undefined;
  // JSON.parse keeps the last of repeated names, so the last one is the value that was checked.
  for (let i = (node.children?.length ?? 0) - 1; i >= 0; i--) {
    const property = node.children?.[i];
    const [key, value] = property?.children ?? [];
    if (key?.value === segment && value) return { key, value };
  }
  return undefined;
}
