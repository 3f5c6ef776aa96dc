/**
 * Which lists a page's blocks show from files of their own (blog posts, health packages, doctors),
 * so their translations load with the page (route-data.ts) and the blocks read them at once
 * (lists.ts). Part of the translation runtime (translation-runtime.ts): a page in the default
 * language has no list translation to load.
 */
import type { Block } from "../../shared/generated/blocks/block";
import type { Page } from "../../shared/generated/page";
import { stringsOf } from "./translations";

/**
 * The files whose lists a block type shows, by block type (and by an 'each' page's kind). A
 * medical review line's doctor is not one: a prerendered page carries the name, and a page
 * reached by a link loads the doctors' names when it renders (treatment-review/ReviewLine.tsx).
 */
const listFiles: Partial<Record<Block["type"] | "posts", string | string[]>> = {
  "blog-list": "blog-posts.json",
  "blog-article": "blog-posts.json",
  posts: "blog-posts.json",
  "health-packages": "packages.json",
  "doctor-search": "doctors.json",
};

/** Loads the translations of the lists a page's blocks (or its entries) show, in `lang`. */
export function preloadListStrings(page: Pick<Page, "blocks" | "each">, lang: string): Promise<unknown> {
  const files = new Set(
    [...page.blocks.map((b) => listFiles[b.type]), page.each ? listFiles[page.each as "posts"] : undefined].flat(),
  );
  return Promise.all([...files].filter((f) => f !== undefined).map((f) => stringsOf(f, lang)));
}
