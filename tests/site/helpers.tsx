/**
 * Renders site blocks in a memory router, optionally as part of an 'each' page (a branch, a
 * speciality or a blog post). Test files replace the lead form with ./lead-form-stub:
 *   vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));
 */
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach } from "vitest";
import type { Block } from "../../src/shared/generated/blocks/block";
import { BlockList } from "../../src/site/blocks/BlockList";
import { type Entry, EntryContext } from "../../src/site/entries/entry-context";
import { LinkNavigationProvider } from "../../src/site/ui/AppLink";
import { type SiteActions, SiteActionsProvider } from "../../src/site/ui/site-actions";
import { createMemoryRouter, RouterProvider } from "../helpers/memory-router";

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Site actions that record what was asked of them. */
export function recordingActions(): SiteActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    openBookingModal: () => calls.push("booking-modal"),
    openLocations: () => calls.push("locations-modal"),
  };
}

interface RenderOptions {
  /** Puts providers around the rendered content (a list page number, say). */
  wrap?: (children: ReactNode) => ReactNode;
  /** The entry of the 'each' page the blocks are on. */
  entry?: Entry | null;
  /** The address the router starts at. */
  path?: string;
  actions?: SiteActions;
}

/** Renders `content` at `path` (with a catch-all route, so links can be followed). */
export function renderInRouter(content: ReactNode, { entry = null, path = "/", actions, wrap }: RenderOptions = {}) {
  const element = (
    <SiteActionsProvider value={actions ?? recordingActions()}>
      <EntryContext.Provider value={entry}>{wrap ? wrap(content) : content}</EntryContext.Provider>
    </SiteActionsProvider>
  );
  const router = createMemoryRouter(
    [{ path: "*", element: <LinkNavigationProvider>{element}</LinkNavigationProvider> }],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

/** Renders blocks through the real registry and walker, as a page would. */
export function renderBlocks(blocks: Block[], options: RenderOptions = {}) {
  return renderInRouter(<BlockList blocks={blocks} source={{ file: "test.json", pointer: "/blocks" }} />, options);
}
