/**
 * The entries an 'each' page is made for: one page per branch, speciality or blog post. Branches
 * and specialities are with the layout already; blog posts load with the blog's pages.
 */

import type { Page } from "../../shared/generated/page";
import { branches, specialities } from "../config/site-config";
import { fulfilled, memoLoader, type Tracked } from "../tracked";
import type { Entry } from "./entry-context";

type Each = NonNullable<Page["each"]>;

const loadPosts = memoLoader(async () => {
  const { blogPosts } = await import("../config/blog-posts");
  return blogPosts.map((entry): Entry => ({ kind: "posts", entry }));
});

const ready: Partial<Record<Each, Tracked<Entry[]>>> = {
  branches: fulfilled(branches.map((entry): Entry => ({ kind: "branches", entry }))),
  specialities: fulfilled(specialities.map((entry): Entry => ({ kind: "specialities", entry }))),
};

/** The entries of an 'each' kind; readable with use() once loaded. */
export function loadEntries(each: Each): Tracked<Entry[]> {
  return ready[each] ?? loadPosts(undefined);
}

/** The entries a page is made for, one page per entry (none for a plain page). */
export async function entriesOf(page: Pick<Page, "each">): Promise<Entry[]> {
  return page.each ? loadEntries(page.each) : [];
}
