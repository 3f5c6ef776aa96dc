import { defineConfig } from "vitest/config";

// Browser tests drive Debian's Chromium against the built site (npm run build first). Each test
// file starts its own server on a free port, so files can run in parallel.
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    // Limits catch hangs, not a busy machine (see vitest.config.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A browser under a full parallel run can take seconds to show what a test waits for; the
    // default (1 s) made editor preview checks fail under load that pass alone.
    expect: { poll: { timeout: 30_000 } },
    pool: "forks",
    maxWorkers: 2,
  },
});
