import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { configMetaPlugin } from "./src/build/vite/config-meta-plugin.ts";

export default defineConfig({
  plugins: [react(), configMetaPlugin()],
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/browser/**"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    pool: "threads",
  },
});
