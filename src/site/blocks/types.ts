import type { ComponentType } from "react";
import type { Block } from "../../shared/generated/blocks/block";

/** Every block type name the schemas define: one per file of schemas/blocks/ (see gen:types). */
export type BlockType = Block["type"];

/** The generated type of one block type, such as `BlockOf<"heading">`. */
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** What every block component receives: its own config. */
export interface BlockProps<T extends BlockType> {
  block: BlockOf<T>;
}

/**
 * One component per block type, loaded on demand. Keyed by the generated union, so a schema type
 * with no registry line fails the type check naming it ("Property '"quote"' is missing in type …
 * but required in type 'BlockRegistry'"), as does a line for a type the schemas do not define,
 * a line whose folder is missing, or a component that takes another block's props.
 */
export type BlockRegistry = { [T in BlockType]: () => Promise<ComponentType<BlockProps<T>>> };

/** Where a block's config lives, for error messages: the file and the JSON pointer. */
export interface BlockSource {
  file: string;
  pointer: string;
}
