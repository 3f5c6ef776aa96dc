/**
 * Listings only some pages show: blog posts and health checkup packages. Imported by the blocks
 * that show them (each its own chunk), not by the layout.
 */
import type { BlogPost, BlogPosts } from "../../shared/generated/blog-posts";
import type { HealthPackage, HealthPackages } from "../../shared/generated/packages";

// A glob, as in site-config.ts: the type check reads no config.
const files = import.meta.glob(["../../../site-config/blog-posts.json", "../../../site-config/packages.json"], {
  eager: true,
  import: "default",
});

/** Blog posts, newest first; each is a page at /blogs/{slug}. */
export const blogPosts: BlogPost[] = (files["../../../site-config/blog-posts.json"] as BlogPosts).posts;
/** Health checkup packages. */
export const healthPackages: HealthPackage[] = (files["../../../site-config/packages.json"] as HealthPackages).packages;
