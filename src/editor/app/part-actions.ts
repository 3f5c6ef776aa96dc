/**
 * The parts of a split file (a list's settings and its items) as the file editor works on them:
 * which part the address names, and the list operations (move, duplicate, remove, add), each
 * saying which part to show next.
 */
import { duplicateItem, insertItem, moveItem, type Part, removeItem, type Split } from "../shared/parts";

type Data = Record<string, unknown>;

/**
 * The part named by the address's `part`: the whole file when it is not split, an item by its
 * index when there is one, otherwise the settings (so a stale link still opens the file).
 */
export function parsePart(raw: string | undefined, split: Split | undefined, count: number): Part {
  if (!split) return { kind: "whole" };
  if (raw && /^\d+$/.test(raw) && Number(raw) < count) return { kind: "item", index: Number(raw) };
  return { kind: "settings" };
}

/** The list operations the part list and the item form offer. */
export interface ItemActions {
  move: (index: number, by: number) => void;
  duplicate: (index: number) => void;
  remove: (index: number) => void;
  add: (item: unknown) => void;
}

/**
 * The list operations on `doc`'s items; each hands the changed document and the part to show to
 * `restructure` (the moved, copied or added item; after a removal the one before it, or the
 * settings when none is left).
 */
export function itemActions(
  doc: Data,
  split: Split,
  itemCount: number,
  restructure: (next: Data, show: Part) => void,
): ItemActions {
  return {
    move: (index, by) => restructure(moveItem(doc, split, index, by), { kind: "item", index: index + by }),
    duplicate: (index) => {
      const copy = duplicateItem(doc, split, index);
      restructure(copy.doc, { kind: "item", index: copy.index });
    },
    remove: (index) =>
      restructure(
        removeItem(doc, split, index),
        itemCount > 1 ? { kind: "item", index: Math.max(0, index - 1) } : { kind: "settings" },
      ),
    add: (item) => restructure(insertItem(doc, split, itemCount, item), { kind: "item", index: itemCount }),
  };
}
