/**
 * What other programs may use of the build: the Vite plugins that make site-config/ importable
 * (the editor's development server serves the site with them, as `npm run dev` does).
 */
export { configMetaPlugin } from "./vite/config-meta-plugin";
export { siteDataPlugin } from "./vite/site-data-plugin";
