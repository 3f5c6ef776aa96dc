/**
 * Walks a list of blocks and renders each through the registry. Each block has its own error
 * boundary: a block that throws, or whose type has no component, shows 'Content Not Loaded' in its
 * place and logs the file and JSON pointer, and the rest of the page still renders.
 */
import { Component, type ComponentType, type ReactNode } from "react";
import type { Block } from "../generated/blocks/block";
import { messages } from "../lib/messages";
import { ContentNotLoaded } from "./ContentNotLoaded";
import { registry } from "./registry";
import type { BlockSource } from "./types";

interface BoundaryProps {
  label: string;
  children: ReactNode;
}

class BlockBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(this.props.label, error);
  }

  override render() {
    return this.state.failed ? <ContentNotLoaded /> : this.props.children;
  }
}

/** Looks up a block type's component; undefined when the registry has none. */
export function componentFor(type: string): ComponentType<{ block: Block }> | undefined {
  // The registry is keyed by the block union; a config that validated has a known type, but a
  // data file served without validation may not, so the lookup is by plain string here.
  return (registry as unknown as Record<string, ComponentType<{ block: Block }>>)[type];
}

function UnknownBlock({ label }: { label: string }): ReactNode {
  console.error(label);
  return <ContentNotLoaded />;
}

export function BlockList({ blocks, source }: { blocks: Block[]; source: BlockSource }) {
  return blocks.map((block, index) => {
    const pointer = `${source.pointer}/${index}`;
    const BlockComponent = componentFor(block.type);
    const key = `${block.type}-${index}`;
    if (!BlockComponent)
      return <UnknownBlock key={key} label={messages.unknownBlock(block.type, source.file, pointer)} />;
    return (
      <BlockBoundary key={key} label={messages.blockFailed(block.type, source.file, pointer)}>
        <BlockComponent block={block} />
      </BlockBoundary>
    );
  });
}
