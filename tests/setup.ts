// Adds DOM matchers (toBeInTheDocument, toHaveAttribute, ...) for component tests, and unmounts
// what a test rendered (Testing Library only does that by itself when vitest globals are on).
import "@testing-library/jest-dom/vitest";
import { afterEach, beforeAll } from "vitest";

afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});

// findBy* and waitFor give up after 1 s by default: a busy machine (a build beside the tests) takes
// longer than that to render what a test waits for. A wait that never ends still fails, by the
// test's own limit (vitest.config.ts).
beforeAll(async () => {
  if (typeof document === "undefined") return;
  (await import("@testing-library/react")).configure({ asyncUtilTimeout: 30_000 });
});

// Block code loads on demand in the app (src/site/blocks/registry.ts); components under test render
// blocks at once, as a prerendered page does after its blocks were preloaded. In beforeAll, not at
// the top: by then the test file's vi.mock calls are registered, so blocks import the mocks.
beforeAll(async () => {
  if (typeof document === "undefined") return;
  const { preloadAllBlocks } = await import("../src/site/blocks/BlockList");
  await preloadAllBlocks();
});

// Content HTML is sanitised by a chunk the app loads on first need (src/shared/html/sanitize.ts);
// components under test render at once, as the prerenderer does after loading it. In Node the
// sanitiser parses with jsdom, as the prerenderer's does.
beforeAll(async () => {
  if (typeof document === "undefined") (await import("../src/shared/html/node-dom")).installJsdom();
  await (await import("../src/shared/html/sanitize")).loadSanitiser();
});
