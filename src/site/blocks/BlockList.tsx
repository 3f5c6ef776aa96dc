/**
 * Walks a list of blocks and renders each through the registry. Each block has its own error
 * boundary: a block that throws, whose code cannot be loaded, or whose type has no component,
 * shows 'Content Not Loaded' in its place and logs the file and JSON pointer, and the rest of the
 * page still renders.
 *
 * Block code is loaded on demand (see registry.ts). `preloadBlocks` loads a page's blocks before
 * it renders — before hydrating, and on navigation — so rendering reads them synchronously.
 */
import { Component, type ComponentType, createContext, Fragment, type ReactNode, use, useContext } from "react";
import type { Block } from "../../shared/generated/blocks/block";
import { useFallbackLang, useLanguage } from "../i18n/context";
import { defaultLanguage } from "../i18n/languages";
import { translationRuntime } from "../i18n/lazy-translations";
import { fulfilled, memoLoader, type Tracked } from "../tracked";
import { ContentNotLoaded } from "../ui/ContentNotLoaded";
import { messages } from "../ui/renderer-text";
import { registry } from "./registry";
import type { BlockSource } from "./types";
import "./block-list.css";

type AnyBlockComponent = ComponentType<{ block: Block }>;

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

// The registry is keyed by the block union; a config that validated has a known type, but a data
// file served without validation may not, so the lookup is by plain string here.
const loaders = registry as unknown as Record<string, (() => Promise<AnyBlockComponent>) | undefined>;

const unknownType = fulfilled(undefined);

const loadKnown = memoLoader((type: string) => (loaders[type] as () => Promise<AnyBlockComponent>)());

/** A block type's component, loaded once; undefined when the registry has none. */
export function loadBlock(type: string): Tracked<AnyBlockComponent | undefined> {
  return loaders[type] ? loadKnown(type) : unknownType;
}

/** Loads the code of every block in `blocks` (a failure is left for the block's boundary). */
export async function preloadBlocks(blocks: readonly Pick<Block, "type">[]): Promise<void> {
  const types = new Set(blocks.map((block) => block.type));
  await Promise.allSettled([...types].map((type) => loadBlock(type)));
}

/** Loads every block type's code (the prerenderer and tests render any page). */
export const preloadAllBlocks = () => preloadBlocks(Object.keys(loaders).map((type) => ({ type }) as Block));

function UnknownBlock({ label }: { label: string }): ReactNode {
  console.error(label);
  return <ContentNotLoaded />;
}

/** A block of a known type: suspends until its code is loaded (at once when preloaded). */
function LoadedBlock({ block }: { block: Block }) {
  const BlockComponent = use(loadKnown(block.type));
  return <BlockComponent block={block} />;
}

/**
 * True where each block should be preceded by an empty, hidden marker naming its place in the
 * config (`data-block="/blocks/3"`): the editor's preview uses it to scroll to and outline the
 * block being edited. Off on the site, whose HTML it leaves as it is.
 */
export const BlockMarkers = createContext(false);

/**
 * Whether a block is shown wholly in English on a page in another language: it has texts, and
 * none is translated. Such a block is marked lang="en" as a whole, whatever its component marks.
 */
function useWhollyEnglish(): (block: Block) => boolean {
  const langOf = useFallbackLang();
  // Only a page in another language can have one; the texts' walker comes with its translation
  // runtime (loaded before such a page renders), so a page in the default language loads neither.
  const runtime = useLanguage() === defaultLanguage ? undefined : use(translationRuntime());
  if (!runtime) return () => false;
  return (block) => {
    const texts = blockTexts(runtime, block);
    return texts.length > 0 && texts.every((text) => langOf(text.value) !== undefined);
  };
}

/**
 * Each block's texts, walked once per block object: a collection's template, translated once per
 * language (lazy-translations.ts), gives every treatment page in that language the same blocks.
 */
const textsByBlock = new WeakMap<Block, readonly { value: string }[]>();

function blockTexts(runtime: { documentTexts: (doc: unknown) => readonly { value: string }[] }, block: Block) {
  let texts = textsByBlock.get(block);
  if (!texts) {
    texts = runtime.documentTexts(block);
    textsByBlock.set(block, texts);
  }
  return texts;
}

export function BlockList({ blocks, source }: { blocks: Block[]; source: BlockSource }) {
  const marked = useContext(BlockMarkers);
  const whollyEnglish = useWhollyEnglish();
  return blocks.map((block, index) => {
    const pointer = `${source.pointer}/${index}`;
    const key = `${block.type}-${index}`;
    const rendered = !loaders[block.type] ? (
      <UnknownBlock key={key} label={messages.unknownBlock(block.type, source.file, pointer)} />
    ) : (
      <BlockBoundary key={key} label={messages.blockFailed(block.type, source.file, pointer)}>
        <LoadedBlock block={block} />
      </BlockBoundary>
    );
    // An untranslated block is read in an English voice (WCAG 3.1.2); its box takes no part in the layout.
    const shown = whollyEnglish(block) ? (
      <div key={key} lang="en" className="block-in-english">
        {rendered}
      </div>
    ) : (
      rendered
    );
    if (!marked) return shown;
    return (
      <Fragment key={key}>
        <span hidden data-block={pointer} />
        {shown}
      </Fragment>
    );
  });
}
