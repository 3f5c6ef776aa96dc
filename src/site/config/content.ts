/**
 * Listings only some pages show: blog posts and health checkup packages. Imported by the blocks
 * that show them (each its own chunk), not by the layout.
 */
import blogPostsJson from "../../../site-config/blog-posts.json";
import packagesJson from "../../../site-config/packages.json";
import type { BlogPost, BlogPosts } from "../../shared/generated/blog-posts";
import type { HealthPackage, HealthPackages } from "../../shared/generated/packages";

/** Blog posts, newest first; each is a page at /blogs/{slug}. */
export const blogPosts: BlogPost[] = (blogPostsJson as BlogPosts).posts;
/** Health checkup packages. */
export const healthPackages: HealthPackage[] = (packagesJson as HealthPackages).packages;
