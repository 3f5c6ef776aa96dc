/**
 * Where a component is in the tree, as React numbers it for useId's ids (react-dom-server's
 * pushTreeContext and getTreeId, ported): a list's children and a component that took an id each
 * move their subtree down a level.
 */

/** Where a component is in the tree, as React numbers it for useId (pushTreeContext). */
export interface TreeContext {
  id: number;
  overflow: string;
}
/** The root's place. */
export const rootTree: TreeContext = { id: 1, overflow: "" };

/** The place of child `index` of `total` below `base` (a component that took an id: 0 of 1). */
export function pushTreeContext(base: TreeContext, total: number, index: number): TreeContext {
  let baseId = base.id;
  let baseLength = 32 - Math.clz32(baseId) - 1;
  baseId &= ~(1 << baseLength);
  const slot = index + 1;
  const length = 32 - Math.clz32(total) + baseLength;
  if (length > 30) {
    const overflowBits = baseLength - (baseLength % 5);
    const overflow = (baseId & ((1 << overflowBits) - 1)).toString(32);
    baseId >>= overflowBits;
    baseLength -= overflowBits;
    return {
      id: (1 << (32 - Math.clz32(total) + baseLength)) | (slot << baseLength) | baseId,
      overflow: overflow + base.overflow,
    };
  }
  return { id: (1 << length) | (slot << baseLength) | baseId, overflow: base.overflow };
}

/** The id React gives a tree position (useId's `_R_<this>_`). */
export const treeIdOf = ({ id, overflow }: TreeContext) =>
  (id & ~(1 << (32 - Math.clz32(id) - 1))).toString(32) + overflow;
