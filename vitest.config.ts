import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/browser/**"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    pool: "threads",
  },
});
