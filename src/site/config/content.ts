/**
 * Listings only some pages show: blog posts and health checkup packages, each in a module of its
 * own, imported by the blocks that show them (each its own chunk), not by the layout. This module
 * gathers them for the prerenderer and the editor's preview.
 */
export { type BlogCard, blogCards } from "./blog-cards";
export { blogPosts } from "./blog-posts";
export { healthPackages } from "./health-packages";
