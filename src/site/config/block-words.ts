/**
 * The interface words that only blocks show (interface-words.ts's `blockSections`), in the default
 * language: a module that only blocks import, so its chunk loads with the blocks that show them.
 */
import type { BlockWords } from "./interface-words";

const blockJson = import.meta.glob<BlockWords>("../../../site-config/interface.json", {
  eager: true,
  import: "default",
  query:
    "?pick=samples,doctorSearch,healthPackages,formDataNotice,branches,specialityDetails,blocks,contactDetails,specialityGrid,blog,search",
});

export const blockWords: BlockWords = Object.values(blockJson)[0];
