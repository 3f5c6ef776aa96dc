/**
 * What each route needs before it can render — its page's content, the code of its blocks, the
 * entries of an 'each' page, the treatment page's code — as memoised loaders. The browser awaits
 * them before hydrating (so the first render matches the prerendered HTML), and on a link's
 * hover, focus or touch (so the click usually finds everything there).
 */
import { preloadBlocks } from "../blocks/BlockList";
import { loadPage } from "../config/pages";
import { loadEntries } from "../entries/entries";
import { memoLoader } from "../tracked";

/** A page's content and the code of its blocks (and its entries, for an 'each' page). */
export const loadPageRoute = memoLoader(async (file: string) => {
  const page = await loadPage(file);
  await Promise.all([preloadBlocks(page.blocks), page.each ? loadEntries(page.each) : undefined]);
  return page;
});

/** The treatment page's code, its presentation config and the code of its template's blocks. */
export const loadTreatmentRoute = memoLoader(async (file: string) => {
  const module = await import("./TreatmentPage");
  const presentation = module.presentationOf(file);
  await preloadBlocks(presentation.template);
  return { TreatmentPage: module.TreatmentPage, presentation };
});
