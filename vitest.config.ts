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
    // A test's time limit catches a hang, not a busy machine: on a loaded 2-core machine (a build
    // beside \`npm test\`) component tests that take 1 s alone took over 5 s, Vitest's default, and
    // failed. Speed is measured by the benchmarks (tests/bench/), not by unit tests.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
