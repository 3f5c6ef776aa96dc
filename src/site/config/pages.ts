/**
 * The pages of site-config/pages/. The route table needs only each page's route (and 'each'), so
 * those come up front through `?meta` imports (src/build/vite/config-meta-plugin.ts); a page's
 * blocks are a chunk of their own, loaded with its route.
 */
import type { Page } from "../../shared/generated/page";
import { memoLoader, type Tracked } from "../tracked";

type PageMeta = Pick<Page, "route" | "each">;

const metaModules = import.meta.glob<PageMeta>("../../../site-config/pages/*.json", {
  eager: true,
  import: "default",
  query: "?meta",
});
const pageModules = import.meta.glob<Page>("../../../site-config/pages/*.json", { import: "default" });

const baseName = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.json(\?.*)?$/, "");

/** A page known by its route, its content loaded on demand. */
export interface PageRef extends PageMeta {
  /** The config file, such as 'site-config/pages/home.json' (for error messages). */
  file: string;
}

/** A page with the file it came from, so errors can name it. */
export interface PageEntry {
  file: string;
  page: Page;
}

const loaders = new Map(
  Object.entries(pageModules).map(([module, load]) => [`site-config/pages/${baseName(module)}.json`, load]),
);

/** Every page file's route, in file order. */
export const pageRefs: PageRef[] = Object.entries(metaModules).map(([module, meta]) => ({
  file: `site-config/pages/${baseName(module)}.json`,
  ...meta,
}));

/** The content of the page in `file`, loaded once. */
export const loadPage: (file: string) => Tracked<Page> = memoLoader((file: string) => {
  const load = loaders.get(file);
  if (!load) return Promise.reject(new Error(`There is no page file ${file}.`));
  return load();
});

/** Every page with its content (the prerenderer, the editor and tests need them all). */
export async function loadAllPages(): Promise<PageEntry[]> {
  return Promise.all(pageRefs.map(async ({ file }) => ({ file, page: await loadPage(file) })));
}
