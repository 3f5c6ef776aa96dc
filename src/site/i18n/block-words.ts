/**
 * The interface words blocks show, in the page's language: the default language's from their own
 * module (a chunk that loads with the blocks that import this), another's translated with the
 * layout's (layout-config.ts). Their messages come parsed with them, and a message among them that
 * needs FormatJS's formatter (a count's plural) has it loaded before any block that shows it renders.
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
    "?asts=samples,doctorSearch,healthPackages,formDataNotice,branches,specialityDetails,blocks,contactDetails,specialityGrid,blog,breadcrumbs,cards",
});
addMessageAsts(Object.values(asts)[0]);
if (needsFullFormatIn(blockWords)) await loadFullFormat();

export { blockWords };

/** The interface words blocks show, in the page's language. */
export function useBlockWords(): BlockWords {
  return useLayoutConfig().blockWords ?? blockWords;
}
