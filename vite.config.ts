import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { siteDataPlugin } from "./scripts/vite/site-data-plugin.ts";

const root = import.meta.dirname;

export default defineConfig({
  plugins: [react(), siteDataPlugin(root)],
  resolve: { alias: { "@site-config": path.join(root, "site-config") } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
