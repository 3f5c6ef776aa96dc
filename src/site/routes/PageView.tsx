/** Renders one page of site-config/pages/ (for 'each' pages, with its entry). */

import type { Page } from "../../shared/generated/page";
import { BlockList } from "../blocks/BlockList";
import { type Entry, EntryContext, fillName } from "../entries/entry-context";
import { useHead } from "../seo/head";
import { listPageTitle, useListingPage } from "../ui/pagination";

export function PageView({ page, file, entry = null }: { page: Page; file: string; entry?: Entry | null }) {
  const listPage = useListingPage();
  useHead({
    title: listPageTitle(fillName(page.meta.title, entry), listPage),
    description: fillName(page.meta.description, entry),
  });
  return (
    <EntryContext.Provider value={entry}>
      <BlockList blocks={page.blocks} source={{ file, pointer: "/blocks" }} />
    </EntryContext.Provider>
  );
}
