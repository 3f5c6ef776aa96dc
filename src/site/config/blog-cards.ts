/**
 * Blog posts as their cards show them: without their text (`sections`), author and review, which
 * only a post's own page shows. The home page lists the latest posts, and their text was 2 KB gzip of its
 * first load (src/build/vite/config-meta-plugin.ts makes the module).
 */
import type { BlogPost, BlogPosts } from "../../shared/generated/blog-posts";

/** A blog post without its text. */
export type BlogCard = Omit<BlogPost, "sections" | "author" | "review">;

const files = import.meta.glob<Omit<BlogPosts, "posts"> & { posts: BlogCard[] }>(
  "../../../site-config/blog-posts.json",
  { eager: true, import: "default", query: "?omit=posts.sections,author,review" },
);

export const blogCards: BlogCard[] = files["../../../site-config/blog-posts.json"].posts;
