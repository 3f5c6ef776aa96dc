/**
 * Which item of one list is which item of another, so a menu entry that moved or had an entry
 * inserted before it reads as the same entry, not as every later entry changed. Items are
 * matched by their own identity (id, key, slug, route, label...), then by being equal, then, for
 * items with no identity of their own (page blocks), by their order among what is left.
 */
import { jsonEqual } from "../../shared/json-format";

/** Fields that name an item, strongest first. A field is used only where its values are unique. */
const identityKeys = ["id", "key", "slug", "route", "url", "label", "name", "title", "question", "code"];
/** Fields that say an item is a different item when they differ. */
const strongKeys = new Set(["id", "key", "slug"]);

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Pairs [before index, after index] of the same item in two lists. */
export function matchItems(before: readonly unknown[], after: readonly unknown[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const left = new Set(before.keys());
  const right = new Set(after.keys());
  const take = (i: number, j: number) => {
    pairs.push([i, j]);
    left.delete(i);
    right.delete(j);
  };
  for (const key of identityKeys) {
    const a = uniqueValues(before, left, key);
    const b = uniqueValues(after, right, key);
    for (const [value, i] of a) {
      const j = b.get(value);
      if (j !== undefined) take(i, j);
    }
  }
  // Equal items (strings in a list, blocks without names) are the same item.
  for (const i of [...left]) {
    const j = [...right].find((k) => jsonEqual(before[i], after[k]));
    if (j !== undefined) take(i, j);
  }
  // What is left and has no identity of its own is matched by order: block 2 edited is block 2.
  const anonymous = (list: readonly unknown[], index: number) =>
    isObject(list[index]) && ![...strongKeys].some((key) => typeof (list[index] as Data)[key] === "string");
  const restBefore = [...left].filter((i) => anonymous(before, i));
  const restAfter = [...right].filter((j) => anonymous(after, j));
  for (let n = 0; n < Math.min(restBefore.length, restAfter.length); n++) take(restBefore[n], restAfter[n]);
  return pairs.sort((x, y) => x[0] - y[0]);
}

/** The items (by index) whose field `key` is a string unique among `indices`. */
function uniqueValues(list: readonly unknown[], indices: Set<number>, key: string): Map<string, number> {
  const found = new Map<string, number>();
  const repeated = new Set<string>();
  for (const i of indices) {
    const item = list[i];
    const value = isObject(item) ? item[key] : undefined;
    if (typeof value !== "string" || value === "") continue;
    if (found.has(value)) repeated.add(value);
    found.set(value, i);
  }
  for (const value of repeated) found.delete(value);
  return found;
}

/**
 * The pairs whose items moved: not in the longest run of pairs that kept their order. An entry
 * inserted before others shifts their indices without moving them.
 */
export function movedPairs(pairs: ReadonlyArray<[number, number]>): Set<number> {
  // Longest increasing subsequence of after-indices, pairs sorted by before index (O(n log n)).
  const tails: number[] = [];
  const previous: number[] = new Array(pairs.length).fill(-1);
  for (let p = 0; p < pairs.length; p++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]][1] < pairs[p][1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[p] = tails[lo - 1];
    tails[lo] = p;
  }
  const kept = new Set<number>();
  for (let p = tails[tails.length - 1] ?? -1; p !== -1; p = previous[p]) kept.add(p);
  const moved = new Set<number>();
  for (let p = 0; p < pairs.length; p++) if (!kept.has(p)) moved.add(pairs[p][0]);
  return moved;
}

export { isObject };

/** A key as a JSON pointer segment: "/a~1b" for "a/b". */
export function pointerSegment(key: string): string {
  return `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
