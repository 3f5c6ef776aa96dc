/**
 * Shared set-up of the layout component tests: the native <dialog> methods jsdom lacks, a Layout
 * rendered inside a memory data router with a probe that shows the current path, and scrolling.
 */
import { act, fireEvent, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Layout } from "../../src/site/layout/Layout";
import { useLocation } from "../../src/site/router/router";
import { LinkNavigationProvider } from "../../src/site/ui/AppLink";
import { createMemoryRouter, RouterProvider } from "../helpers/memory-router";

/**
 * jsdom has <dialog> but not showModal()/close(). These stand-ins only toggle the open attribute
 * (jsdom's stylesheet then shows or hides the dialog); focus, Tab trapping, Escape and focus
 * return are the Modal's own code and are what the tests check.
 */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (typeof proto.showModal === "function" && !proto.__polyfilled) return;
  proto.__polyfilled = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

function PathProbe() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname}</p>;
}

/** Renders the Layout around a probe page at `path`; returns the router to inspect or drive. */
export function renderLayout(path = "/home", page: ReactNode = <PathProbe />) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <LinkNavigationProvider>
            <Layout>{page}</Layout>
          </LinkNavigationProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, path: () => router.state.location.pathname };
}

/** Sets window.scrollY and fires the scroll event the layout listens to. */
export function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

/**
 * Fake setTimeout for tests that drive user-event. Testing Library only advances fake timers
 * while it waits when it sees a `jest` global; without one its waits hang under Vitest's fakes.
 */
export function withFakeTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/** Undoes withFakeTimers. */
export function withRealTimers() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}
