// Adds DOM matchers (toBeInTheDocument, toHaveAttribute, ...) for component tests, and unmounts
// what a test rendered (Testing Library only does that by itself when vitest globals are on).
import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
