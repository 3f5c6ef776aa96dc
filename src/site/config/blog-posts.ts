/** Blog posts, whole (a post's page shows its text). Each is a page at /blogs/{slug}. */
import type { BlogPost, BlogPosts } from "../../shared/generated/blog-posts";

// A glob, as in site-config.ts: the type check reads no config.
const files = import.meta.glob("../../../site-config/blog-posts.json", { eager: true, import: "default" });

export const blogPosts: BlogPost[] = (files["../../../site-config/blog-posts.json"] as BlogPosts).posts;
