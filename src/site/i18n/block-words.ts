/**
 * The interface words blocks show, in the page's language: the default language's from their own
 * module (a chunk that loads with the blocks that import this), another's translated with the
 * layout's (layout-config.ts). Their messages come parsed with them; a block that formats some of
 * them awaits `formatterFor` its sections in its module.
 */
import { blockWords } from "../config/block-words";
import type { BlockWords } from "../config/interface-words";
import { useLayoutConfig } from "./context";
import { addMessageAsts, loadFullFormat, needsFullFormatIn } from "./format";

// Their messages, parsed by the build (none elsewhere: messages are parsed as they are met).
const asts = import.meta.glob("../../../site-config/interface.json", {
  eager: true,
  import: "default",
  query:
    "?asts=samples,doctorSearch,healthPackages,formDataNotice,branches,specialityDetails,blocks,contactDetails,specialityGrid,blog,search",
});
addMessageAsts(Object.values(asts)[0]);

/**
 * Loads FormatJS's formatter when a message among the words of `sections` needs it (a count's
 * plural). A block that formats those words awaits this in its module, so whoever loads the block
 * gets it ready to render; a page whose blocks show no plural never loads the formatter. A block
 * that already awaits imports of its own may pass `load`, its own import of the formatter: the
 * build then lists that chunk with the block's pages (src/build/prerender/assets.ts), fetched
 * beside them rather than once the block has run (an import costs each chunk some 170 bytes of
 * the bundler's preload code, so only such a block does).
 * (Translations use the English messages' placeholders the same way, so the English words decide.)
 */
export function formatterFor(
  sections: readonly (keyof BlockWords)[],
  load?: () => Promise<typeof import("./icu")>,
): Promise<void> {
  return sections.some((section) => needsFullFormatIn(blockWords[section])) ? loadFullFormat(load) : Promise.resolve();
}

/** The interface words blocks show, in the page's language. */
export function useBlockWords(): BlockWords {
  return useLayoutConfig().blockWords ?? blockWords;
}
