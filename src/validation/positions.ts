/**
 * Where a JSON pointer stands in a file's text, as 1-based line and column. ajv knows only
 * pointers; the text is read again, and only for files that have something to report, so valid
 * files cost one JSON.parse and nothing more. Strict JSON is read only along the pointers' way
 * (json-offsets.ts); a text that is not (comments, a trailing comma) gets jsonc-parser's tree.
 */
import { type Node, parseTree } from "jsonc-parser";
import { JsonOffsets, type Member, NotStrictJson } from "./json-offsets";
import { type Problem, pointerSegments, type UnplacedProblem } from "./problem";

export interface Position {
  line: number;
  column: number;
}

/** Finds positions in one file's text. Build one per file that has problems. */
export class PositionFinder {
  private offsets: JsonOffsets | undefined;
  /** The forgiving parser's tree, for a text that is not strict JSON (comments, a trailing comma). */
  private tree: { root: Node | undefined } | undefined;
  private lineStarts: number[] | undefined;

  constructor(private readonly text: string) {
    this.offsets = new JsonOffsets(text);
  }

  /** Line and column of a character offset. */
  at(offset: number): Position {
    this.lineStarts ??= lineStartsOf(this.text);
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  }

  /**
   * The position of the value at `pointer`, or of its property name with `at: "key"`. A pointer
   * that goes further than the text (a missing property) stops at the deepest value that exists.
   */
  of(pointer: string, at?: "key"): Position {
    return this.at(this.offsetOf(pointer, at));
  }

  /** As `of`, the character offset: positions in one text are in the order of their offsets. */
  offsetOf(pointer: string, at?: "key"): number {
    if (this.offsets) {
      try {
        return offsetIn(this.offsets, pointer, at);
      } catch (error) {
        if (!(error instanceof NotStrictJson)) throw error;
        this.offsets = undefined;
      }
    }
    this.tree ??= { root: parseTree(this.text) };
    let node = this.tree.root;
    let key: Node | undefined;
    if (!node) return 0;
    for (const segment of pointerSegments(pointer)) {
      const next = childOf(node, segment);
      if (!next) break;
      node = next.value;
      key = next.key;
    }
    const target = at === "key" && key ? key : node;
    return target.offset;
  }
}

/** Where each line starts (searching for line ends, ten times quicker than a loop over every character). */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", end + 1)) starts.push(end + 1);
  return starts;
}

/** The offset `pointer` names in strict JSON, as the tree walk of `of` finds it; 0 for a text with no value. */
function offsetIn(offsets: JsonOffsets, pointer: string, at?: "key"): number {
  let node = offsets.root;
  if (node === -1) return 0;
  let key: number | undefined;
  for (const segment of pointerSegments(pointer)) {
    const kind = offsets.kindAt(node);
    if (!kind) break;
    const members = offsets.membersOf(node);
    let next: Member | undefined;
    if (kind === "array") next = /^\d+$/.test(segment) ? members[Number(segment)] : undefined;
    // JSON.parse keeps the last of repeated names, so the last one is the value that was checked.
    else for (let i = members.length - 1; i >= 0 && !next; i--) if (members[i].name === segment) next = members[i];
    if (!next) break;
    node = next.valueOffset;
    key = next.nameOffset;
  }
  return at === "key" && key !== undefined ? key : node;
}

/**
 * Gives the problems of one file their file as shown and their positions, sorted by place. The
 * text is parsed only when a problem needs a position, so a file without problems costs nothing.
 */
export function placeProblems(found: readonly UnplacedProblem[], file: string, text: () => string): Problem[] {
  return placeEach(found, file, text).sort(byPlace);
}

/**
 * The character offset of a problem placed by `placeEach`, from its file's text: comparing two
 * of one file needs no line numbers (a 50 MB collection file's thousands of placeholder warnings
 * were sorted by line, which cost a list of its 1.5 million line starts).
 */
const offsets = new WeakMap<Problem, () => number>();

/** A placed problem's pointer, cut into steps, and what its `steps` say (UnplacedProblem). */
const shapes = new WeakMap<Problem, { segments: string[]; steps: string }>();

/** Orders problems of one file by where they stand. */
export const byPlace = (a: Problem, b: Problem) => {
  const inLists = byListItem(a, b);
  if (inLists !== undefined) return inLists;
  const [from, to] = [offsets.get(a), offsets.get(b)];
  if (from && to) return from() - to();
  return a.line - b.line || a.column - b.column;
};

/**
 * The order of two problems of one file whose pointers part at items of one list (a collection
 * file's treatments): a list's items stand in the text in their order, each item's text after the
 * last's, so item 5's values come before item 7's. Undefined when the pointers part elsewhere.
 */
function byListItem(a: Problem, b: Problem): number | undefined {
  const [x, y] = [shapes.get(a), shapes.get(b)];
  if (!x || !y) return undefined;
  const length = Math.min(x.segments.length, y.segments.length, x.steps.length, y.steps.length);
  for (let i = 0; i < length; i++) {
    if (x.segments[i] === y.segments[i]) continue;
    return x.steps[i] === "a" ? Number(x.segments[i]) - Number(y.segments[i]) : undefined;
  }
  return undefined;
}

/**
 * What each step of `pointer` is in `data`, as long as the steps exist: "a" for an item of a list,
 * "o" for a property ("/sub_departments/5/name" in a collection: "oao").
 */
export function stepsOf(data: unknown, pointer: string): string {
  let steps = "";
  let node = data;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment) || Number(segment) >= node.length) break;
      node = node[Number(segment)];
      steps += "a";
    } else if (node !== null && typeof node === "object" && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
      steps += "o";
    } else break;
  }
  return steps;
}

/**
 * As placeProblems, in the order given. A problem's line and column are found when first read:
 * a run that only counts some problems (the placeholders of a demonstration, one note for
 * thousands) never parses their files again.
 */
export function placeEach(found: readonly UnplacedProblem[], file: string, text: () => string): Problem[] {
  let finder: PositionFinder | undefined;
  const finderOf = () => {
    finder ??= new PositionFinder(text());
    return finder;
  };
  return found.map((p): Problem => {
    let known: Position | undefined =
      p.line !== undefined && p.column !== undefined ? { line: p.line, column: p.column } : undefined;
    let offset: number | undefined;
    const offsetOf = () => {
      offset ??= finderOf().offsetOf(p.pointer, p.at);
      return offset;
    };
    const where = () => {
      known ??= finderOf().at(offsetOf());
      return known;
    };
    // In the order `--format json` prints a problem's fields.
    const placed: Problem = {
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
    // A position a check gave (a syntax error's) has no offset: such a problem compares by line.
    if (!known) offsets.set(placed, offsetOf);
    if (p.steps !== undefined) shapes.set(placed, { segments: pointerSegments(p.pointer), steps: p.steps });
    return placed;
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
