/** Renders one page of site-config/pages/ (for 'each' pages, with its entry). */

import type { Page } from "../../shared/generated/page";
import { BlockList } from "../blocks/BlockList";
import { type Entry, EntryContext, fillName } from "../entries/entry-context";
import { useHead } from "../seo/head";

export function PageView({ page, file, entry = null }: { page: Page; file: string; entry?: Entry | null }) {
  useHead({ title: fillName(page.meta.title, entry), description: fillName(page.meta.description, entry) });
  return (
    <EntryContext.Provider value={entry}>
      <BlockList blocks={page.blocks} source={{ file, pointer: "/blocks" }} />
    </EntryContext.Provider>
  );
}
