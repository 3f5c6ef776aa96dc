import type { ComponentType } from "react";
import type { Block } from "../../shared/generated/blocks/block";

/** Every block type name the schemas define. */
export type BlockType = Block["type"];

/** The generated type of one block type, such as `BlockOf<"heading">`. */
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** What every block component receives: its own config. */
export interface BlockProps<T extends BlockType> {
  block: BlockOf<T>;
}

/**
 * One component per block type, loaded on demand. Keyed by the generated union, so a schema type
 * with no component (or a component for a type the schemas do not define) fails the type check.
 */
export type BlockRegistry = { [T in BlockType]: () => Promise<ComponentType<BlockProps<T>>> };

/** Where a block's config lives, for error messages: the file and the JSON pointer. */
export interface BlockSource {
  file: string;
  pointer: string;
}
