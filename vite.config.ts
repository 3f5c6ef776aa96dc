import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { chunkGroups } from "./src/build/vite/chunk-groups.ts";
import { configCheckPlugin } from "./src/build/vite/config-check-plugin.ts";
import { configMetaPlugin } from "./src/build/vite/config-meta-plugin.ts";
import { languageNamesPlugin } from "./src/build/vite/language-names-plugin.ts";
import { messageAstsPlugin } from "./src/build/vite/message-asts-plugin.ts";
import { siteDataPlugin } from "./src/build/vite/site-data-plugin.ts";

const root = import.meta.dirname;

/**
 * In both builds, `forms/LeadForm` imported from anywhere but its lazy wrapper and loader resolves
 * to src/site/forms/lazy-lead-form.tsx, which code-splits the form (react-hook-form, ky, the form code).
 * Unit tests, which do not use this config, render the eager component.
 */
function lazyLeadForm(): Plugin {
  const eager = path.join(root, "src/site/forms/LeadForm.tsx");
  const wrapper = path.join(root, "src/site/forms/lazy-lead-form.tsx");
  const loader = path.join(root, "src/site/forms/lead-form-loader.ts");
  return {
    name: "lazy-lead-form",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || importer === wrapper || importer === loader || !/\/LeadForm$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === eager ? wrapper : null;
    },
  };
}

// `npm run dev`: site-config/ checked on every change, its errors in Vite's overlay, the page on
// the last valid config meanwhile (the plugin does nothing in builds).
const configCheck = configCheckPlugin(root);

const chunks = chunkGroups(path.join(root, "src/site/main.tsx"), path.join(root, "src/site/start.tsx"));

export default defineConfig({
  plugins: [
    react(),
    configCheck.plugin,
    configMetaPlugin(configCheck.read),
    siteDataPlugin(root, configCheck.read),
    lazyLeadForm(),
    messageAstsPlugin(root),
    languageNamesPlugin(root),
    chunks.plugin,
  ],
  resolve: {
    alias: [
      { find: "@site-config", replacement: path.join(root, "site-config") },
      // The site's messages are parsed at build time (message-asts-plugin.ts): FormatJS's parser
      // stays out of the bundle, as its docs recommend for precompiled messages.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: path.join(root, "node_modules/@formatjs/icu-messageformat-parser/no-parser.js"),
      },
    ],
  },
  // The manifest tells the prerenderer which chunks and styles each page needs (modulepreload links).
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    manifest: true,
    // No modulepreload polyfill in the entry (about 0.3 KB gzip on every page): the browsers the
    // site targets have `<link rel="modulepreload">` (Safari from 17); an older one fetches each
    // module when it is imported instead, a little later, and the page works the same.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  // Lead forms post to /api: in development, forward them to a relay started with `npm start`
  // (or the one RELAY_URL names), so the forms work end to end while editing.
  server: { host: "127.0.0.1", proxy: { "/api": process.env.RELAY_URL ?? "http://127.0.0.1:3000" } },
  preview: { host: "127.0.0.1" },
});
