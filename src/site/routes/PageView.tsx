/** Renders one page of site-config/pages/ (for 'each' pages, with its entry). */

import type { Page } from "../../shared/generated/page";
import { BlockList } from "../blocks/BlockList";
import { type Entry, EntryContext, fillName } from "../entries/entry-context";
import { ContentLanguage, useLanguage, useUi } from "../i18n/context";
import { useHead } from "../seo/head";
import { listPageTitle, useListingPage } from "../ui/pagination";

const none: readonly string[] = [];

interface PageViewProps {
  page: Page;
  file: string;
  entry?: Entry | null;
  /** The page's texts shown in English for want of a translation. */
  english?: readonly string[];
}

export function PageView({ page, file, entry = null, english = none }: PageViewProps) {
  const listPage = useListingPage();
  const lang = useLanguage();
  const ui = useUi();
  useHead({
    title: listPageTitle(fillName(page.meta.title, entry, lang), listPage, ui.layout.listPage, lang),
    description: fillName(page.meta.description, entry, lang),
  });
  return (
    <ContentLanguage english={english}>
      <EntryContext.Provider value={entry}>
        <BlockList blocks={page.blocks} source={{ file, pointer: "/blocks" }} />
      </EntryContext.Provider>
    </ContentLanguage>
  );
}
